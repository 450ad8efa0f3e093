"""A seat at a class table, engine-side (no widgets): what an app kernel uses.

Every kernel rebuilds the game from the stored moves (each re-checked by the engine), checks
its learner's move against that state, and stores it with the next move number: of two moves
sent at once one is stored, the other raises :class:`MoveConflict` after the session caught up.
Computer seats, chosen when the table is created, are played by whichever kernel sees their
turn first; the move number makes sure each is stored once. A session hands its seat only
that seat's view and log (:meth:`TableSession.snapshot`); ``session.game`` holds every card
and stays in the kernel.

>>> from danish_nb.tables import open_store
>>> store = open_store("sqlite:///:memory:")
>>> code = create_table(store, "danish-bastard", ("human", "rule-of-thumb"), seed=3)
>>> me = TableSession.join(store, code, name="Ada")
>>> me.seat, me.game.current_player
(0, 0)
>>> _ = me.play(me.legal_moves()[0])   # then the computer at P2 answers
>>> me.game.current_player, len(me.game.history) == store.table(code).moves
(0, True)
>>> TableSession.rejoin(store, code, me.token).seat
0
>>> store.close()
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import secrets
import time
from collections.abc import Sequence
from typing import Any

from ..agents import AGENTS, make_agent
from ..cards import Card
from ..core import DanishNbError, Game, new_game
from ..errors import Cause, cut
from ..i18n import M, Message
from ..words import words_of
from .codes import hash_token, new_token, read_code
from .errors import (
    MoveConflict,
    NotSaved,
    NotYourTurn,
    SeatError,
    SeatMoved,
    StoreUnavailable,
    TableClosed,
    TableError,
    TableLocked,
    UnknownTable,
)
from .store import HUMAN, SeatInfo, Store, TableInfo

#: The most computer moves one call plays in a row (a guard against a player that never ends).
COMPUTER_LIMIT = 5000
#: The teacher's live view: a learner whose turn it has been this many seconds without a
#: move, or who tried :data:`STUCK_TRIES` illegal moves in the last :data:`LIVE_WINDOW` seconds,
#: is stuck; the rules broken in play are counted over the same window.
STUCK_SECONDS = 120.0
STUCK_TRIES = 3
LIVE_WINDOW = 600.0
#: A learner whose pages have not beaten for this many seconds is away (a seated page beats
#: every 4 s: ``danish_nb.widgets.seat_keeper.BEAT_SECONDS``; two beats may be late).
AWAY_SECONDS = 12.0


def present(seat: SeatInfo, now: float | None = None) -> bool:
    """Whether a learner's page is open at ``seat``: one of its pages beat within
    :data:`AWAY_SECONDS` (computers are always there). The one definition of "connected" that
    the board, the status line and the teacher's list show.

    >>> present(SeatInfo(1, "human", "Bo", True, seen=100.0), now=105.0)
    True
    >>> present(SeatInfo(1, "human", "Bo", True, seen=100.0), now=112.0)
    False
    """
    if seat.kind != HUMAN:
        return True
    now = time.time() if now is None else now
    return seat.claimed and seat.seen is not None and now - seat.seen < AWAY_SECONDS


def new_device() -> str:
    """An id for a session that no browser named: a device of its own."""
    return "kernel-" + secrets.token_urlsafe(9)


def seat_kinds() -> tuple[str, ...]:
    """What a seat can be: ``"human"`` (a learner) or a computer player's name."""
    return (HUMAN, *AGENTS)


def create_table(store: Store, game_id: str, seats: Sequence[str], *, seed: int | None = None,
                 options: dict[str, Any] | None = None, room: str = "") -> str:
    """Store a new table and return its code: one entry of ``seats`` per player, each
    ``"human"`` or a computer player (``"rule-of-thumb"``, ``"random"``). Without ``seed`` the
    deal is random. Raises :class:`~danish_nb.errors.OptionsError` (or another DanishNbError) for
    a game, options or seats that cannot make a game; nothing is stored then."""
    seats = tuple(seats)
    seed = secrets.randbelow(2**31) if seed is None else seed
    game = new_game(game_id, players=len(seats), seed=seed, options=options)
    for kind in seats:
        if kind != HUMAN:
            make_agent(kind, game_id, 0)  # unknown players raise here
    if not isinstance(room, str):
        raise TableError(M("a room is named by a text, not {kind}", kind=type(room).__name__))
    if store.room_locked(room):
        raise TableLocked(M("the class takes no new tables or learners: the teacher locked it (ask your teacher)"))
    return store.create_table(game_id, seed=seed, options=dataclasses.asdict(game.options), seats=seats,
                              turn=game.current_player, room=room)


def replay(info: TableInfo, moves: Sequence[str]) -> Game:
    """The table's game: dealt from its seed and options, every stored move checked again."""
    game = new_game(info.game, players=info.players, seed=info.seed, options=info.options)
    _play_stored(game, info.code, moves)
    return game


def _play_stored(game: Game, code: str, moves: Sequence[str]) -> None:
    for text in moves:
        try:
            game.play(text)
        except DanishNbError as exc:
            raise TableError(M("move {number} of table {code} (“{text}”) does not replay, because {error}",
                               number=len(game.history) + 1, code=code, text=cut(text), error=Cause(exc))) from None


class TableSession:
    """One learner's seat at a table (``seat`` a number), or a watcher's (``seat`` ``None``).

    Make one with :meth:`join`, :meth:`rejoin` or :meth:`watch`. ``token`` (joined seats only)
    is the seat's proof: keep it in the learner's browser to rejoin after a reload. ``device``
    names the browser the session plays from (every page of one browser shares it; default: a
    device of its own): the seat plays from one device at a time, the last one to open it.
    """

    def __init__(self, store: Store, code: str, seat: int | None, token: str | None = None, *,
                 teaching: bool = False, device: str | None = None):
        self.store = store
        self.code = code
        self.seat = seat
        self.token = token
        self.teaching = teaching
        self.device = device or new_device()
        #: The learner's move the store could not take yet (its text; see :meth:`save_pending`),
        #: and the move number it was made for.
        self.pending: str | None = None
        self._pending_number = 0
        #: What became of the last pending move once the store answered: ``None`` (saved, or
        #: nothing pending) or the error that refused it (another move came first, table closed).
        self.refused: TableError | None = None
        self.info = store.table(code)
        self.game = replay(self.info, store.moves(code))

    # ------------------------------------------------------------------ taking a seat
    @classmethod
    def join(cls, store: Store, code: str, *, seat: int | None = None, name: str = "",
             device: str | None = None, room: str | None = None, learner: str | None = None) -> TableSession:
        """Take seat ``seat`` (counting from 0), or the first free learner seat, at the table
        with this code (from ``device``). Raises :class:`SeatError` if it is taken or none is free.
        With ``room``, a table of another room is unknown here (:class:`UnknownTable`, the same
        words as a mistyped code: rooms keep their tables apart). With ``learner`` (the class
        roster's id, :mod:`danish_nb.tables.roster`), a seat that learner already holds at the
        table is theirs again on this device (their other device's pages stop playing)."""
        code = read_code(code)
        token, device = new_token(), device or new_device()
        info = store.table(code)
        if room is not None and info.room != room:
            raise UnknownTable(M("no table has the code {code!r}: check the code on the teacher's screen", code=code))
        if learner is not None:
            held = store.reclaim_seat(code, learner, hash_token(token), device)
            if held is not None:
                return cls(store, code, held, token, device=device)
        if seat is None:
            free = [s.seat for s in info.seats if s.kind == HUMAN and not s.claimed]
            for candidate in free:
                try:
                    store.claim_seat(code, candidate, hash_token(token), name, device, learner)
                except TableLocked:
                    raise
                except SeatError:
                    continue  # another learner took it a moment ago
                return cls(store, code, candidate, token, device=device)
            raise SeatError(M("table {code} has no free seat: ask your teacher for another table", code=code))
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise SeatError(M("a seat is a whole number, not {seat!r}", seat=seat))
        store.claim_seat(code, seat, hash_token(token), name, device, learner)
        return cls(store, code, seat, token, device=device)

    @classmethod
    def rejoin(cls, store: Store, code: str, token: str, *, device: str | None = None) -> TableSession:
        """Take back the seat this token holds (after a reload, or in a new kernel) on
        ``device``: if another device held it, its pages stop playing (see :meth:`seat_lost`).
        Raises :class:`SeatTokenError` for a forged or stale token."""
        code, device = read_code(code), device or new_device()
        return cls(store, code, store.seat_of(code, hash_token(token), device), token, device=device)

    @classmethod
    def watch(cls, store: Store, code: str, *, teaching: bool = False) -> TableSession:
        """Follow a table without a seat: as a spectator, or (``teaching=True``, the teacher's
        view) seeing every hand."""
        return cls(store, read_code(code), None, teaching=teaching)

    # ------------------------------------------------------------------ keeping up
    def refresh(self) -> bool:
        """Catch up with the store (new moves, seats, closing); whether anything changed."""
        info = self.store.table(self.code)
        if info.version == self.info.version:
            return False
        _play_stored(self.game, self.code, self.store.moves(self.code, after=len(self.game.history)))
        self.info = info
        return True

    def update(self, timeout: float = 0.0) -> bool:
        """What an app's loop calls: wait up to ``timeout`` seconds for a change, catch up, and
        play the computer seats' moves if it is their turn. Whether anything changed."""
        if timeout > 0:
            self.store.wait_for_change(self.code, self.info.version, timeout)
        saved = self.save_pending()
        changed = self.refresh()
        return self.run_computers() > 0 or changed or saved

    def heartbeat(self) -> bool:
        """Mark this learner connected: what a page's beat calls every few seconds
        while it is open. Whether it counted (not once another device holds the seat)."""
        return self.seat is not None and self.store.touch(self.code, self.seat, self.device)

    def reread_seats(self) -> None:
        """Read who sits where again (who is connected changes without a new version): what
        the app does on its own clock, moves or not."""
        self.info = dataclasses.replace(self.info, seats=self.store.seats(self.code))

    def seat_lost(self) -> Message | None:
        """Why this session no longer plays its seat (another device opened it, or the
        teacher freed it), or ``None`` while it does (and for a watcher)."""
        if self.seat is None:
            return None
        held = self.info.seats[self.seat]
        if not held.claimed:
            return M("the teacher freed your seat at table {code}: join the table again to play", code=self.code)
        if held.device != self.device:
            return M("your seat at table {code} was opened on another device: this page no longer plays "
                     "(join the table again here to play on this page)", code=self.code)
        return None

    def slip(self, verdict: Any) -> str | None:
        """An illegal move this seat tried (its verdict): kept for the teacher's live view under
        the rule that forbids it (the verdict's deciding reason). Returns the rule; a store that
        does not answer just now costs the view this count, not the learner's page."""
        if self.seat is None or verdict.legal or not verdict.reasons:
            return None
        rule = verdict.reasons[-1].rule_id
        with contextlib.suppress(TableError):
            self.store.add_slip(self.code, self.seat, rule)
        return rule

    # ------------------------------------------------------------------ playing
    def play(self, move: Any) -> tuple[str, ...]:
        """Play this seat's move (its notation or a move value): checked by the engine against
        the stored game, then stored; the computer seats answer. Returns what happened, as this
        seat reads it. Raises :class:`NotYourTurn`, :class:`~danish_nb.errors.IllegalMove`,
        :class:`TableClosed`, or :class:`MoveConflict` (another move came first: the session
        now shows it); nothing is stored then. Raises :class:`NotSaved` when the store cannot be
        reached: the move waits in :attr:`pending` and :meth:`update` stores it (or refuses it)."""
        if self.seat is None:
            raise NotYourTurn(M("a watcher has no seat: join the table to play"))
        if self.pending is not None:
            raise NotSaved(M("your move {move} is not saved yet: this page tries again by itself; play on "
                             "once it is saved", move=self.pending))
        with contextlib.suppress(StoreUnavailable):  # else: checked against the table as last read,
            self.refresh()                           # the move number guards the store
        self._check_open()
        lost = self.seat_lost()
        if lost is not None:
            raise SeatMoved(lost)
        turn = self.game.current_player
        if turn != self.seat:
            if turn is None:
                raise NotYourTurn(M("the game is over (you are P{seat})", seat=self.seat + 1))
            raise NotYourTurn(M("it is P{turn}'s turn, not yours (you are P{seat})", turn=turn + 1, seat=self.seat + 1))
        state = self.game.state
        parsed = self.game.parse_move(move) if isinstance(move, str) else move
        if getattr(parsed, "player", self.seat) != self.seat:
            raise NotYourTurn(M("you are P{seat}: {move} is another seat's move", seat=self.seat + 1, move=str(parsed)))
        after, events = state.apply(parsed)  # IllegalMove, with the rule, if the engine refuses
        text = str(state.normalize(parsed))
        try:
            self._store(text, after, self.device)
        except StoreUnavailable:
            self.pending, self._pending_number, self.refused = text, len(self.game.history) + 1, None
            raise NotSaved(M("not saved, trying again: your move {move} waits until the class store answers "
                             "(nothing is lost)", move=text)) from None
        lines = tuple(event.text_for(self.seat) for event in events)
        self.run_computers()
        return lines

    def save_pending(self) -> bool:
        """Store the learner's move that the store could not take (see :attr:`pending`), now that
        it may answer: whether it was saved. If the table moved on meanwhile (another page of the
        seat, the teacher closed it), the move is dropped and :attr:`refused` says why. Raises
        :class:`StoreUnavailable` while the store is still away (the move stays pending)."""
        text, number = self.pending, self._pending_number
        if text is None:
            return False
        self.refresh()
        history = self.game.history
        if len(history) >= number and history[number - 1].move.player == self.seat \
                and str(history[number - 1].move) == text:  # an earlier try stored it, its answer lost
            self.pending = None
            return True
        state = self.game.state
        try:
            self._check_open()
            lost = self.seat_lost()
            if lost is not None:
                raise SeatMoved(lost)
            if self.game.current_player != self.seat:
                raise NotYourTurn(M("the table moved on while your move {move} waited", move=text))
            after = state.apply(self.game.parse_move(text))[0]
            self._store(text, after, self.device, again=True)
        except StoreUnavailable:
            raise
        except DanishNbError as exc:
            self.pending = None
            self.refused = exc if isinstance(exc, TableError) else TableError(str(exc))
            return False
        self.pending = None
        self.run_computers()
        return True

    def run_computers(self) -> int:
        """Play the computer seats while it is their turn; returns how many moves this session
        stored (another kernel may store some of them first: each is stored once)."""
        played = 0
        for _ in range(COMPUTER_LIMIT):
            turn = self.game.current_player
            if turn is None or self.info.closed or self.info.seats[turn].kind == HUMAN:
                break
            number = len(self.game.history) + 1
            # seeded by table, move number and seat: every kernel would choose the same move
            agent = make_agent(self.info.seats[turn].kind, self.info.game,
                               seed=self.info.seed * 100_003 + number * 101 + turn)
            state = self.game.state
            move = agent.choose(state).move
            try:
                self._store(str(state.normalize(move)), state.apply(move)[0])
            except (MoveConflict, TableClosed):
                continue  # caught up inside _store: look again
            played += 1
        return played

    def _store(self, text: str, after: Any, device: str | None = None, again: bool = False) -> None:
        """Store ``text`` as the next move (``after`` is the state it leads to; ``device``: the
        learner's, which must hold the seat; ``again``: an earlier try may have stored it) and
        play it here."""
        number = len(self.game.history) + 1
        try:
            version = self.store.add_move(self.code, number, seat=self.game.current_player, move=text,
                                          turn=after.current_player, finished=after.is_over, device=device,
                                          again=again)
        except (MoveConflict, TableClosed, SeatMoved) as exc:
            self.refresh()
            if not isinstance(exc, MoveConflict) or len(self.game.history) < number:
                raise
            first = words_of(self.game.history[number - 1].move)
            raise MoveConflict(M("this move came first: {first}; yours was not played, and the table shows "
                                 "the new position", first=first), number, len(self.game.history)) from None
        self.game.play(text)
        if version == self.info.version + 1:  # nothing else changed meanwhile: no need to read the table
            self.info = dataclasses.replace(self.info, version=version, moves=number, turn=after.current_player,
                                            finished=after.is_over)
        else:
            self.refresh()

    def _check_open(self) -> None:
        if self.info.closed:
            raise TableClosed(M("table {code} is closed: the teacher ended it", code=self.code))

    # ------------------------------------------------------------------ what the seat may see
    @property
    def reveal_hands(self) -> bool:
        return self.teaching and self.seat is None

    def view(self) -> Any:
        """The game state as this seat may know it (``state.view(seat)``)."""
        if self.reveal_hands:
            return self.game.state.view(None, reveal_hands=True)
        return self.game.state.view(self.seat)

    def log(self) -> list[str]:
        """The game so far as this seat reads it: the deal, then each move and what it did."""
        lines = [event.text_for(self.seat, self.reveal_hands) for event in self.game.opening_events]
        for step in self.game.history:
            lines.append(step.move.text_for(self.seat, self.reveal_hands))
            lines.extend(event.text_for(self.seat, self.reveal_hands) for event in step.events)
        return lines

    def legal_moves(self) -> list[str]:
        """This seat's legal moves when it is its turn (else none), in notation."""
        if (self.seat is None or self.game.current_player != self.seat or self.info.closed or self.seat_lost()
                or self.pending is not None):
            return []
        return [str(move) for move in self.game.legal_moves()]

    def header(self) -> dict[str, Any]:
        """Who sits where (connected or not), whose turn, how far: no cards, JSON-able."""
        result = self.game.result
        return {
            "code": self.code, "game": self.info.game, "title": self.game.rules.title, "seat": self.seat,
            "players": self.info.players, "seats": seat_rows(self.info),
            "turn": self.game.current_player, "moves": len(self.game.history), "finished": self.game.is_over,
            "closed": self.info.closed, "result": str(result) if result is not None else None,
        }

    def snapshot(self) -> dict[str, Any]:
        """Everything the seat's page needs, JSON-able, built from this seat's view only."""
        return {**self.header(), "view": jsonable(self.view()), "log": self.log(), "legal": self.legal_moves()}


def seat_rows(info: TableInfo, now: float | None = None) -> list[dict[str, Any]]:
    """Who sits at the table: kind, learner's name, taken, connected (:func:`present`),
    ``state`` (``"computer"``, ``"free"``, ``"connected"`` or ``"away"``) and ``moved``: how
    many seconds ago the seat was last opened on another device (``None``: never). No device
    ids, no tokens: what any page may be shown."""
    now = time.time() if now is None else now

    def state(s: SeatInfo) -> str:
        return "computer" if s.is_computer else "free" if not s.claimed else "connected" if present(s, now) else "away"
    return [{"seat": s.seat, "kind": s.kind, "name": s.name, "taken": s.claimed, "connected": present(s, now),
             "state": state(s), "moved": None if s.moved is None else max(0.0, now - s.moved)}
            for s in info.seats]


def jsonable(value: Any) -> Any:
    """A view (dataclasses, cards, enums, tuples) as plain JSON values; cards as ``'7♥'``.

    >>> from danish_nb.cards import parse_cards
    >>> jsonable({"hand": tuple(parse_cards("7H 10S")), "count": 2})
    {'hand': ['7♥', '10♠'], 'count': 2}
    """
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, enum.Enum):
        return jsonable(value.value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)
                if not f.name.startswith("_")}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [jsonable(item) for item in value]
    if isinstance(value, dict):
        return {str(key): jsonable(item) for key, item in value.items()}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


class Teacher:
    """The teacher's view of a room: every table, whose turn, how far; close a table, free a
    seat, or watch any table with every hand shown. (The app decides who may be the teacher.)"""

    def __init__(self, store: Store, room: str = ""):
        self.store = store
        self.room = room

    def tables(self) -> list[dict[str, Any]]:
        """One row per table of the room, oldest first: code, game, seats, turn, moves, finished, closed."""
        return [{"code": t.code, "game": t.game, "moves": t.moves, "turn": t.turn, "finished": t.finished,
                 "closed": t.closed, "locked": t.locked, "seats": seat_rows(t)}
                for t in self.store.tables(self.room)]

    def live(self, now: float | None = None) -> dict[str, list[dict[str, Any]]]:
        """What is happening in play now. ``stuck``: learners whose turn it has been
        :data:`STUCK_SECONDS` without a move (``waiting``, seconds) or who tried
        :data:`STUCK_TRIES` illegal moves in the last :data:`LIVE_WINDOW` s (``tries``, and the
        ``rules`` broken, most often first), longest waiting first. ``rules``: each rule broken
        in play in that window, with how many ``tries`` and how many ``learners``, the rule most
        learners broke first. Only open tables of the room, no device ids.

        >>> from danish_nb.tables import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> code = create_table(store, "bastard", ("human", "human", "random"), seed=1, room="5B")
        >>> ada = TableSession.join(store, code, name="Ada", room="5B")
        >>> for _ in range(3):
        ...     store.add_slip(code, 0, "BA-12", now=1000.0)
        >>> live = Teacher(store, "5B").live(now=1010.0)
        >>> [(s["name"], s["tries"], s["rules"]) for s in live["stuck"]], live["rules"]
        ([('Ada', 3, ['BA-12'])], [{'rule': 'BA-12', 'game': 'bastard', 'tries': 3, 'learners': 1}])
        >>> store.close()
        """
        now = time.time() if now is None else now
        tables = {t.code: t for t in self.store.tables(self.room) if not t.closed}
        last, slips = self.store.activity(self.room, now - LIVE_WINDOW)
        found: dict[tuple[str, int], dict[str, Any]] = {}

        def row(code: str, seat: int) -> dict[str, Any]:
            info = tables[code]
            return found.setdefault((code, seat), {"code": code, "seat": seat, "name": info.seats[seat].name,
                                                   "game": info.game, "waiting": None, "tries": 0, "rules": []})
        for code, info in tables.items():
            turn = info.turn
            if info.finished or turn is None or turn >= len(info.seats):
                continue
            held = info.seats[turn]
            waiting = now - last.get(code, info.created)
            if held.kind == HUMAN and held.claimed and waiting >= STUCK_SECONDS:
                row(code, turn)["waiting"] = waiting
        tried: dict[tuple[str, int], list[str]] = {}
        by_rule: dict[tuple[str, str], list[tuple[str, int]]] = {}
        for code, seat, rule, _at in slips:
            if code in tables and seat < len(tables[code].seats):
                tried.setdefault((code, seat), []).append(rule)
                by_rule.setdefault((tables[code].game, rule), []).append((code, seat))
        for (code, seat), rules in tried.items():
            if len(rules) >= STUCK_TRIES or (code, seat) in found:
                entry = row(code, seat)
                entry["tries"] = len(rules)
                entry["rules"] = sorted(set(rules), key=lambda r: (-rules.count(r), r))
        stuck = sorted(found.values(), key=lambda r: (-(r["waiting"] or 0), -r["tries"], r["code"], r["seat"]))
        rules = [{"rule": rule, "game": game, "tries": len(who), "learners": len(set(who))}
                 for (game, rule), who in by_rule.items()]
        rules.sort(key=lambda r: (-r["learners"], -r["tries"], r["rule"]))
        return {"stuck": stuck, "rules": rules}

    def lobby(self) -> list[tuple[str, str]]:
        """Learners who arrived and sit at no open table: (who, name) (see :meth:`assign`)."""
        return self.store.lobby(self.room)

    def assign(self, who: str, code: str) -> None:
        """Seat the learner ``who`` (of :meth:`lobby`) at table ``code`` of the room: their page
        sits down there by itself, at the first free learner seat. Raises
        :class:`UnknownTable` for a table of another room, :class:`TableClosed` for a closed one.

        >>> from danish_nb.tables import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> code = create_table(store, "bastard", ("human", "human", "random"), seed=1, room="5B")
        >>> store.arrive("5B", "d-ada", "Ada")
        >>> teacher = Teacher(store, "5B")
        >>> teacher.lobby()
        [('d-ada', 'Ada')]
        >>> teacher.assign("d-ada", code.lower()); store.take_assignment("5B", "d-ada") == code
        True
        >>> Teacher(store, "6A").assign("d-ada", code)
        Traceback (most recent call last):
        ...
        danish_nb.tables.errors.UnknownTable: ...
        >>> store.close()
        """
        code = read_code(code)
        info = self.store.table(code)
        if info.room != self.room:
            raise UnknownTable(M("no table has the code {code!r}: check the code on the teacher's screen", code=code))
        if info.closed:
            raise TableClosed(M("table {code} is closed: the teacher ended it", code=code))
        self.store.assign(self.room, who, code)

    def close(self, code: str) -> None:
        """End the table: it keeps its moves and takes no more."""
        self.store.close_table(read_code(code))

    def free_seat(self, code: str, seat: int) -> None:
        """Free a learner's seat (a lost token, a laptop that died): the old token stops working,
        and the learner joins again by the table's code (at a locked table, once the teacher
        unlocks it)."""
        self.store.release_seat(read_code(code), seat)

    def move(self, code: str, seat: int, to_code: str, to_seat: int | None = None) -> tuple[str, int]:
        """Move a learner to another table of the room (its first free learner seat, or
        ``to_seat``): their pages follow by themselves. Returns (table, seat)."""
        return self.store.move_seat(read_code(code), seat, read_code(to_code), to_seat)

    def remove(self, code: str, seat: int) -> None:
        """Take a learner out of the class: their seat is freed and they leave the lobby (lock the
        table or the class to keep them out)."""
        code = read_code(code)
        device = next((s.device for s in self.store.seats(code) if s.seat == seat and s.claimed), None)
        self.store.release_seat(code, seat)
        if device is not None:
            self.store.leave_room(self.room, device)

    def rename(self, code: str, seat: int, name: str) -> None:
        """Give the learner at ``seat`` another name (shown on every page of the table)."""
        self.store.rename_seat(read_code(code), seat, name.strip())

    def lock(self, code: str, locked: bool = True) -> None:
        """Let no new learner in at the table: its free seats stay free, and a copied seat token
        cannot take a seat to another device (``locked=False`` opens it again)."""
        self.store.lock_table(read_code(code), locked)

    def archive(self) -> int:
        """Close every open table of the room (they keep their moves): the end of a lesson.
        Returns how many were closed."""
        open_tables = [t.code for t in self.store.tables(self.room) if not t.closed]
        for code in open_tables:
            self.store.close_table(code)
        return len(open_tables)

    def erase(self) -> int:
        """Erase the room's tables, moves, seats and lobby for good. Returns how many tables."""
        return self.store.erase_room(self.room)

    def projector(self, code: str) -> TableSession:
        """The table for the class's projector: a spectator's view (``state.view(None)``), so
        only what every player may see, by construction; no seat, no moves."""
        return TableSession.watch(self.store, code)

    def lock_room(self, locked: bool = True) -> None:
        """Let no new learner in at any table of the room, and no new table be created."""
        self.store.lock_room(self.room, locked)

    def watch(self, code: str) -> TableSession:
        """The table in teaching mode (every hand shown) for the teacher's screen."""
        return TableSession.watch(self.store, code, teaching=True)
