"""Seeded games replay exactly as before the engine was made faster (issue 12, part 5).

Each case plays a seeded random game through the public path and hashes everything a learner
or a record sees: every position's legal moves (in order), the verdict text of the move
played and of every legal move, every event as each player and a spectator read it, the
opening events, the result and the record text (:func:`trace`). A change to any move list,
notation, verdict, event text or rule citation changes them.

The texts' hashes were captured again when learners' texts came to name cards and moves in
words (issue 29: "the eight of hearts on the six of clubs" where it said "8♥ on 6♣"); the
same games' *structure* (:func:`structure`: the moves and their notation, each verdict's
legality, rules and rulings, each event's kind, player, cards, rule and ruling, the result and
the record, but no wording) hashes as it did on the engine before that change (main at
5306709), so the words are all that changed.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

import danish_nb as dn

#: (game id, players, seed) -> sha256 of the game's trace (see :func:`trace`). Captured again for
#: issue 43's counts said in plural forms (Le danish: "1 player will miss their turn" where it said
#: "1 player(s)"; Sjavs: "holds 1 trump"; Bastard: "totals: P1 12, P2 -3 and P3 4"; Danish Bastard and
#: Le danish: "P1 draws 1 card from the stock"; Rat Bastard 17: "P2 draws 1 card from the deck"; Sjavs'
#: score: "plus 12 in the skat (...): 79 in all" where it said "+ the skat (...) 12 = 79"): the structure
#: hashes (:func:`test_the_words_are_all_that_changed`) are unchanged. Captured again for the English
#: written without chained colons (words: "the ace of spades is the highest spade, the suit led",
#: "P1: 2 tricks × 1 point = +2", "P2 takes the pile of 3 cards", Rat Bastard 17's hole cards and first
#: draw, Sjavs' score lines); every verdict and event compared line by line before and after: only
#: the wording changed. Captured again for Danish Bastard when its texts came to say the glossary's
#: "face-up"/"face-down" card where they said "open"/"closed" ("P2 turns over face-down card 1: ...",
#: "each player gets 3 face-down cards"): 179,473 traced lines compared before and after, 0 differences
#: in moves, legality, rules, rulings, event kinds or results; only those words changed. And for Danish
#: Bastard, Le danish and Rat Bastard 17 when a blind card's reason came to say "... by rule DB-30" where
#: it said "... (DB-30)" before its own citation (the same comparison: only that wording changed). And for
#: Bastard and Sjavs when a deal's points and the totals came to be listed as each language lists
#: ("deal 1: P1 +5, P2 +1 and P3 +1; totals: P1 5, P2 1 and P3 1", "... et P3 1", "... und P3 1") where
#: code joined them with commas: of the 163,422 lines of their traces and verdicts (in three languages)
#: compared before and after, 464 changed (425 deal-scored events, 39 results and records), each only
#: by that "and"; no verdict changed.
#: Captured again when a rule came to be cited ", by rule LD-16" after a text that ends in its own
#: parenthesis ("P2 picks up the pile (4 cards), by rule LD-16", never "(4 cards) (rule LD-16)"): 275,225
#: traced lines compared before and after, 1,626 differ, every one only by that citation.
#: Bastard's and Sjavs's traces captured again when both came together: of their 248,136 hashed
#: chunks, 2,896 differ as the citation changed them and 464 as the deal points changed them, none
#: by both and none otherwise.
GOLDEN = {
    ('danish-bastard', 2, 1): '72e06e59f4c53a72c72ebc5438996becceb396b314b7e80c96707026a8372f73',
    ('danish-bastard', 2, 2): '1176aad9b4dc918f9bb6ee69902a120fa7ac4990a7b372df70795536a99f6084',
    ('danish-bastard', 2, 4): 'cb66b615d6d92dd2db4b74006fd40c2e4e79cc0792a60c9f8c4d72504cef8df7',
    ('danish-bastard', 3, 1): 'f51deb2536d6f7c2508be9600c501c4b56e9d3eb032af2087c2330d1b319bd33',
    ('danish-bastard', 3, 2): 'a289bd83f568914a458baa989edd9461deb7b677e2c899dcc7f8f8c056dca3e5',
    ('danish-bastard', 3, 4): '9feda66dfb6f6529f48208c0b41f710d2a3cf98813502de7cd36af25b7f2aaaa',
    ('danish-bastard', 5, 1): '914832ef6b28d5efb757f1828d61cc9aa75c42b4358a296ef96e42f30d2d4492',
    ('danish-bastard', 5, 2): '14b261f5bc41646c623e7c97cabe7e148f10c53252cdfb3cdf9531fc6540265a',
    ('danish-bastard', 5, 4): '2ed433f05c99cd930aa926e30beae9b29754ffe24b41a29b5e7649d40fbf7fdd',
    ('le-danish', 2, 1): 'b115c0c94b1d0dfe89617af0cbbe1959dff7810238026ad27f0c718a7771f747',
    ('le-danish', 2, 2): '6bec745c6a63ef6377534e11d25923796efa5c29b7c13569552a033fd5030dd3',
    ('le-danish', 2, 4): '6ed065bde2c898023e366f2ef4ecf7026394e540b545642231ed708457ab0604',
    ('le-danish', 3, 1): '6f0b8b6c48b598bef05a6af3677d3b4fd8fd91ea569575ba9a684a5e84c65fbd',
    ('le-danish', 3, 2): '0b2c07c187b3624903b31937a65a524becda1f8f1ac6a3244c3d84f2e530250e',
    ('le-danish', 3, 4): '07a850073658baa069dada3a52e2b2e0ccca2d3de6f9dc8a5164771711fd12d9',
    ('le-danish', 6, 1): '09c8a13f4979f33de30a42de9bcd9a325dd68c2a18c707fe6b62dc216f39defc',
    ('le-danish', 6, 2): 'ffec3cbd365304b7fc46e7393d79142fbfb163b5d115384aa8b90d1f70edddee',
    ('le-danish', 6, 4): '9d8402c8e845cca71aecbc0d454e6c61289ad7439351a7dac9f8214426088b7c',
    ('rat-bastard-17', 2, 1): '4f92d6b06d784713ad09821098c1f6d37e8b1c08c2b5ba0efa832493514043b5',
    ('rat-bastard-17', 2, 2): '9ee3f38f181504a426f0995b88fa73238e8692def750b81a0cb5d931e991c6bf',
    # changed by a bug fix: this game (option repetitions=2) ends in a repetition draw, which said
    # "a third time"; it now says "came up 2 times" (test_the_rat_game_s_draw_is_the_only_change)
    ('rat-bastard-17', 2, 4): '5fd8d0db4a44eb24d906647ea6c2d2b4f2847f2ab1bf2ea50b12bd73f4bd9e01',
    ('bastard', 3, 1): '28dfa1430b08525ff3345e7e6bf4af4d1b3ade55645551b5ccf05eb23ea424ce',
    ('bastard', 3, 2): '08f3ba58b368773b5e4731daf7abfe6b4f440fee1172889d9864837c3cf8d96e',
    ('bastard', 3, 4): '382538ff6b6da1b9364f2725ea109b71134e386ccde5932f050046f806a970a8',
    ('bastard', 4, 1): 'c1daef34b06d0ed957b4a8e1345d79d45d22ed8829f7a862fa8101a0862d2a0f',
    ('bastard', 4, 2): '0051d2b79251c7a65723ccb43da4d64fb56d7aa37d6bcd1bd217dbe4a8281e47',
    ('bastard', 4, 4): 'd407e92d206485ac21817c2513f5fbb534514d5c1969c8bf4ad4665887d93fad',
    ('sjavs', 3, 1): '04a967ea6b5b7dd316d74560cc769ed7768924b691038ea2f6cbb8f2ecf81a21',
    ('sjavs', 3, 2): '1750291eee0c2ee02c80219629d34f83cd0fbefe2780e2f1eabe6fe082e593c0',
    ('sjavs', 3, 4): 'd70a464296a7c7f6c9867ca61ab69d87debc1287cc198130905c156ac6997292',
    ('sjavs', 4, 1): '010aba8147685f38f8d2a9be0c9d6c8d175ec29b5c633be6a20c2176e3bb310e',
    ('sjavs', 4, 2): '6ae983a53ec20e61c9fae6c038497c991fdbd8f13efdabcd60dfc430a4274b41',
    ('sjavs', 4, 4): 'a8e375f4bef82aa9c9b8f9c06db98858eb88530eb5d6c3dec524920347297987',
}

#: Options varied in some cases (the same seed under other rules).
VARIANTS = {"danish-bastard": {"seven_allows_equal": False, "two_on_anything": False, "stock_opening": True},
            "le-danish": {"at_most_three": True, "two_mode": "mirror", "six_reverses": True, "complete_four": True,
                          "play_on": True, "three_passes_hands": True},
            "rat-bastard-17": {"wild": "jokers+twos", "court_value": 10, "repetitions": 2},
            "bastard": {"both_sevens_per_trick": 2, "deals": 3}, "sjavs": {"farvesjavs": True, "last_points": 10}}

CASES = [(game_id, players, seed, VARIANTS.get(game_id) if seed == 4 else None)
         for game_id, counts in (("danish-bastard", (2, 3, 5)), ("le-danish", (2, 3, 6)), ("rat-bastard-17", (2,)),
                                 ("bastard", (3, 4)), ("sjavs", (3, 4)))
         for players in counts for seed in (1, 2, 4)]

#: Moves played at most per game (a long match is cut short; the hash still covers every step).
MAX_MOVES = 600


def trace(game_id: str, players: int, seed: int, options: dict | None) -> str:
    """The sha256 of a seeded random game's moves, verdicts, events, result and record."""
    game = dn.new_game(game_id, players=players, seed=seed, options=options)
    rng = random.Random(seed)
    digest = hashlib.sha256()

    def feed(*texts: str) -> None:
        for text in texts:
            digest.update(text.encode())
            digest.update(b"\x00")

    viewers = (*range(players), None)
    for event in game.opening_events:
        feed(str(event), *(event.text_for(v) for v in viewers))
    for _ in range(MAX_MOVES):
        if game.is_over:
            break
        moves = game.legal_moves()
        feed("moves", *map(str, moves))
        feed(*(game.explain(m).summary() for m in moves[:12]))
        move = rng.choice(moves)
        feed("play", str(move), game.explain(str(move)).summary())
        for event in game.play(str(move)):
            feed(event.kind, str(event), *(event.text_for(v) for v in viewers))
    feed("result", str(game.result))
    feed(json.dumps(game.to_record(), sort_keys=True))
    return digest.hexdigest()


def structure(game_id: str, players: int, seed: int, options: dict | None) -> str:
    """The sha256 of a seeded random game as :func:`trace` plays it, without any wording: the
    moves (notation), each verdict's legality, rule and ruling ids, each event's kind, player,
    cards, rule and ruling, the result (order, loser, scores, draw, reason id) and the record."""
    game = dn.new_game(game_id, players=players, seed=seed, options=options)
    rng = random.Random(seed)
    digest = hashlib.sha256()

    def feed(*values: object) -> None:
        for value in values:
            digest.update(str(value).encode())
            digest.update(b"\x00")

    def event(e: dn.Event) -> None:
        feed(e.kind, e.player, " ".join(c.code for c in e.cards), e.rule.id if e.rule else "",
             e.ruling.id if e.ruling else "")

    def verdict(v: dn.Verdict) -> None:
        feed(v.legal, *v.rule_ids, *(r.ruling.id if r.ruling else "" for r in v.reasons))

    for e in game.opening_events:
        event(e)
    for _ in range(MAX_MOVES):
        if game.is_over:
            break
        moves = game.legal_moves()
        feed("moves", *map(str, moves))
        for move in moves[:12]:
            verdict(game.explain(move))
        move = rng.choice(moves)
        feed("play", str(move))
        verdict(game.explain(str(move)))
        for e in game.play(str(move)):
            event(e)
    r = game.result
    feed("result", *((r.order, r.loser, r.scores, r.draw, r.reason_id) if r else ("none",)))
    feed(json.dumps(game.to_record(), sort_keys=True))
    return digest.hexdigest()


#: (game id, players, seed) -> sha256 of the game's :func:`structure`, captured before issue 29;
#: Rat Bastard 17's seeds 1 and 2 captured again when a taker who already holds five stopped
#: "picking up 0 cards" (no "take" event; the whole pile is discarded): the only change, compared
#: event by event.
STRUCTURE = {
    ('danish-bastard', 2, 1): '9d115600ebe601a0f3617cb99b2f51c61cadd6f22adbc45320b9f4e9d7c0d3db',
    ('danish-bastard', 2, 2): '07f90ce47d5c053baf418b552d3957a07d76ee45ed24dab4856a20220ca71340',
    ('danish-bastard', 2, 4): 'ca484fb3941ae5fd418d57783ed4847a64e6e1b9d9830fc61a0175ae2be68a01',
    ('danish-bastard', 3, 1): 'b466aacc89228235a740704e45a059e785ac57c5e0de5d9753697e854e74b5e1',
    ('danish-bastard', 3, 2): '1481d21b49b2c24088c7a04fe0fd2cf41af53516ca2cebd7bc32bccdba69c229',
    ('danish-bastard', 3, 4): '20b88869c9b3eb73e14fc656c4f178b587ef5691c1e4fa64e6b740b700873906',
    ('danish-bastard', 5, 1): '8e9cb011562446296ec6de09c3790f1d12adc2c75ad63cfd5402b4463bd8a7ef',
    ('danish-bastard', 5, 2): 'f336c5c1f56fb09ac35b29f5f0544e4848ad2362be4af9fbd3cce400bec0195e',
    ('danish-bastard', 5, 4): '69be3acb3935741a8a030b0fd254e539af858e4a6a8a294ee9fb810f2a33035c',
    ('le-danish', 2, 1): '8492bf97e30968d7d0dd6ac456eba151ac234f5be672e8651713c7bbeac780da',
    ('le-danish', 2, 2): 'fba3bb5a5965145bad4889b461bab2b6aadfd8de1c8bf906b7c73422970e5633',
    ('le-danish', 2, 4): '151572a3caba7000ce261fe29f2183fe569efc127bee9b5be6a0e518a2c4ede6',
    ('le-danish', 3, 1): 'b5b0f9db89e4b5e690d3adea8fd2dabc45d79f99664ae2257578bc7549f23171',
    ('le-danish', 3, 2): '8a4071311a4b2839bb0e237a7fc93d01987e1b025b0a448467a022898b0526b1',
    ('le-danish', 3, 4): 'f8c0a7b82e2b6a715220d7816aa09fb8d81b64e1a5a85dcd4d2f438dd06d4c51',
    ('le-danish', 6, 1): 'eaefdeaa2a9db87208a9b6940cb1e5649bafada7bed2320cded38b2895a95cf9',
    ('le-danish', 6, 2): '19532d487f4a1f2d104f5b9f10d2ee93caaa8de40f7b08b2f71bb9f4043c2f25',
    ('le-danish', 6, 4): '5daa6fbe844f73c3d9219ce03211be499f3de10e0af8fdeb0bacf012c32d484a',
    ('rat-bastard-17', 2, 1): '8a9eee583feaf54031cd304c5ec6ff9276bdce2bb00e3758d642503082ff93bd',
    ('rat-bastard-17', 2, 2): '80cc5d48615664c1dc0a8430576905d0c0ccedbc089c877317a62b65cd460920',
    ('rat-bastard-17', 2, 4): 'a73fa066875d6b0fa47aac4ce257fd8ab014683b9be4b109d1b10bb4a15635aa',
    ('bastard', 3, 1): '57aec3b4d1babc869dd120f5035fa49de173fd172b5fd10c2e76428294a4fc09',
    ('bastard', 3, 2): '7d7853cabad53759dc156488d7cc9e556c2ee80e362ca12092d3752427193c7d',
    ('bastard', 3, 4): 'c1756c23a1dc9d5be92ef57bff2ab498aa5f7caa75370dc94a66c64319ca2641',
    ('bastard', 4, 1): '58f0d5460c4cb26c5a653957128a1c86ed03c6aa586fb06630b519783436a05a',
    ('bastard', 4, 2): '7e61810a81e519024fb2d5e4a0800dd8f4f2273ba3599828de98ce962dda5802',
    ('bastard', 4, 4): '87b9099c001def9f1a3889cc2b87dff284bf44cc728794c5accb924d8c9e348c',
    ('sjavs', 3, 1): 'ac36fb40181e47416dc469343a4599979b0e1c3e40c8cf1c59d8ed3cfc7ce831',
    ('sjavs', 3, 2): '6dea23a615684c6dc5ce3877b1259d174b5a1093b78468ab7e7f91409af54d3b',
    ('sjavs', 3, 4): '9cff047819c247e9f83916c4413de6773081ad907b2a909cde6e2f6d5398484d',
    ('sjavs', 4, 1): '630a385ebc59e995bb0eec64afe772d35e3b06424a2f747410c30d10095f82a6',
    ('sjavs', 4, 2): 'eb243d7e0459726b68617ec58719ad1fe4dcd4dfa91cd71c16a9329d66c2baf5',
    ('sjavs', 4, 4): '48a8b2bc85bb4f31f04c52a8e31b8115a65809347d2fd5a2e0a07bb55af7215e',
}


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}-{c[1]}-{c[2]}")
def test_seeded_games_replay_as_before(case):
    assert trace(*case) == GOLDEN[case[:3]]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}-{c[1]}-{c[2]}")
def test_the_words_are_all_that_changed(case):
    """Moves, notation, legality, rules, events, results and records as before issue 29."""
    assert structure(*case) == STRUCTURE[case[:3]]


def test_the_rat_game_s_draw_is_the_only_change(monkeypatch):
    """The one hash changed on purpose: with the draw's text as it was ("a third time" whatever
    the option), the Rat Bastard 17 game of seed 4 hashes as it was captured."""
    from danish_nb.games import rat_bastard_17 as rb
    case = ("rat-bastard-17", 2, 4, VARIANTS["rat-bastard-17"])
    game = dn.new_game(*case[:2], seed=4, options=case[3])
    rng = random.Random(4)
    while not game.is_over:
        game.play(str(rng.choice(game.legal_moves())))
    assert game.result.reason_id == "repetition" and "came up 2 times" in game.result.reason
    as_it_was = rb.repetition_text(3)
    monkeypatch.setattr(rb, "repetition_text", lambda times: as_it_was)
    # captured again for issue 43's refill line ("P2 draws 1 card from the deck": a count of cards)
    assert trace(*case) == "4c9bede7f4eaba04029f4397c1b6a1080a9eaee5666c8a8f6526bce0f9f3f0d3"


@pytest.mark.parametrize("game_id", ["danish-bastard", "sjavs"])
def test_a_history_rebuilds_the_states_it_does_not_keep(game_id):
    """A history keeps every ``KEEP_EVERY``-th state: the others, rebuilt on demand, equal the
    states the moves led to, stay the same objects once rebuilt, and undo and redo across a
    kept state give them back."""
    game = dn.new_game(game_id, players=3, seed=3)
    rng = random.Random(3)
    played = []
    for _ in range(2 * dn.core.KEEP_EVERY + 5):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
        played.append(game.state)
    dropped = [i for i, step in enumerate(game.history) if step._state is None]
    assert dropped, "every state was kept: the history is not getting smaller"
    assert [step.state for step in game.history] == played
    assert all(game.history[i].state is game.history[i].state for i in dropped)
    for _ in range(dn.core.KEEP_EVERY + 2):
        game.undo()
    assert game.state == played[len(game.history) - 1]
    for _ in range(dn.core.KEEP_EVERY + 2):
        game.redo()
    assert game.state == played[-1] and dn.load_record(game.to_record()).states() == game.states()


# --------------------------------------------------------------------------- verdicts (issue 41)

#: The languages every verdict is hashed in.
LANGUAGES = ("en", "fr", "de")
#: Positions explained at most per game (a long match is cut short).
VERDICT_MOVES = 400


def candidates(game: dn.Game, pool: list, seen: set, rng: random.Random, per_position: int = 6) -> list:
    """The moves explained at a position: its first ``per_position`` legal moves, then as many
    moves legal somewhere earlier in the game (``pool``), half of them made the current player's
    own (mostly illegal here: wrong phase, cards not held, lower than the pile...), half as
    they were (often another player's turn)."""
    moves = game.legal_moves()
    for move in moves:
        if move not in seen:
            seen.add(move)
            pool.append(move)
    chosen = moves[:per_position]
    player = game.current_player
    for i in range(per_position):
        move = rng.choice(pool)
        if i % 2 == 0 and player is not None:
            move = move._replace(player=player)
        chosen.append(move)
    return chosen


def verdict_trace(game_id: str, players: int, seed: int, options: dict | None) -> tuple[str, int, int]:
    """The sha256 of every verdict on :func:`candidates` in a seeded random game: legality,
    rules, rulings and the summary in English, French and German; and how many verdicts were
    hashed, and how many of them legal."""
    game = dn.new_game(game_id, players=players, seed=seed, options=options)
    rng = random.Random(seed)
    digest = hashlib.sha256()
    pool: list = []
    seen: set = set()
    count = legal = 0
    for _ in range(VERDICT_MOVES):
        if game.is_over:
            break
        for move in candidates(game, pool, seen, rng):
            verdict = game.explain(move)
            count += 1
            legal += verdict.legal
            digest.update(f"{move!r}\x00{verdict.legal}\x00{verdict.rule_ids}\x00".encode())
            digest.update(str([r.ruling.id if r.ruling else "" for r in verdict.reasons]).encode())
            for lang in LANGUAGES:
                digest.update(verdict.summary(lang).encode())
                digest.update(b"\x00")
        game.play(rng.choice(game.legal_moves()))
    return digest.hexdigest(), count, legal


#: The seeded games of each game's verdict hash: CASES, and more Rat Bastard 17 deals (its games are short).
VERDICT_CASES = {game_id: [c for c in CASES if c[0] == game_id] for game_id in dict.fromkeys(c[0] for c in CASES)}
VERDICT_CASES["rat-bastard-17"] += [("rat-bastard-17", 2, seed, None) for seed in range(5, 30)]

#: game id -> (sha256 over its :data:`VERDICT_CASES`' :func:`verdict_trace` hashes, verdicts, legal ones),
#: captured before the rule checks were rewritten to decide without building texts (issue 41), and
#: again after the French and German wording of issue 43 (the English part checked unchanged alone),
#: and again for Danish Bastard, Rat Bastard 17 and Sjavs after the English lost its chained colons and
#: French its "cartes ouvertes" (every summary compared per language: legality, rules and counts the same,
#: only those words changed), and for Danish Bastard and Le danish when "does not hold" came to name each
#: missing card once (1,911 of 59,601 verdicts: "does not hold the five of spades" where it said "the five
#: of clubs and the five of spades" of a hand holding the five of clubs; legality, rules and rulings the same),
#: and for Danish Bastard when its reasons came to say the glossary's "face-up"/"face-down" card for "open"/"closed"
#: and "{cards} is not among P1's face-up cards" came in plural forms (of the 108,138 verdicts of all games, 378
#: English, 2 French and 2 German summaries changed, all Danish Bastard's; every verdict's legality, rules and
#: rulings the same), and for the three shedding games when a blind card's reason said "by rule DB-30" where it
#: said "(DB-30)" before its citation (with the above, 551 English, 286 French and 286 German summaries of
#: 108,138 changed against the capture before: Danish Bastard 378/113/113, Le danish 38/38/38, Rat Bastard 17
#: 135/135/135; legality, rules and rulings of every verdict equal), and for every game when a rule came
#: to be cited ", by rule LD-16" after a text ending in its own parenthesis (where it said "(4 cards) (rule
#: LD-16)"): of the 108,138 verdicts, 1,256 English, 561 French and 561 German summaries changed, each only
#: by that citation (compared line by line); counts, legality, rules and rulings the same.
VERDICT_GOLDEN: dict[str, tuple[str, int, int]] = {
    'danish-bastard': ('7614e279faac9a7df3ff5e2c0ade65ce96c4151343906cc02a0a63100fce82ae', 29473, 12519),
    'le-danish': ('27cf0ec94ec7a11232e0cfe4e4d115c4e7dd0ab96ede402a9a47ae9116df0e18', 30128, 13471),
    'rat-bastard-17': ('a06f928de7f99f06fe530294058cc26dbf1d2d36d4094c7eb24a6047bdfc614b', 28872, 11595),
    'bastard': ('e62b407d8fe87a03989d0edba8294db69c4bee6a2045c4d38f763cd08b5a21b8', 9960, 4149),
    'sjavs': ('63de91f71f05f08c54e5d86817922fae944735c69ee44907058b4a2d97de2c55', 9705, 3323),
}


@pytest.mark.parametrize("game_id", list(VERDICT_CASES))
def test_verdicts_and_their_words_stay_the_same(game_id):
    """Tens of thousands of verdicts on legal and illegal moves, in three languages, as captured."""
    digest = hashlib.sha256()
    count = legal = 0
    for case in VERDICT_CASES[game_id]:
        hashed, n, n_legal = verdict_trace(*case)
        digest.update(hashed.encode())
        count += n
        legal += n_legal
    assert 0 < legal < count
    assert (digest.hexdigest(), count, legal) == VERDICT_GOLDEN[game_id]
