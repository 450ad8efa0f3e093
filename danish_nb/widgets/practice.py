"""The learner's practice screen: one item at a time, chosen by the schedule from the rules the
learner gets wrong, with the engine's feedback, the progress per rule and per game, and the
learner's own record to export or erase.

It draws on one :class:`~danish_nb.widgets.pad.HtmlPad` as the boards do: keyboard (every
choice is a button; Tab and Enter or Space) and screen readers (one live region says whether
the answer was right) work the same way. When nothing is due the learner reads so, with a
"Practise anyway" button and a game to play (a "Play a game" button when the screen is given
``on_play``); a worked example (a rule got wrong again and again) is shown answered, with the
rule's sentence, and "Next question" brings an easier item of the same rule. Every message
from the page is checked: a choice the item does not offer (a forged answer) or an item no
longer on the screen (a stale one) is refused with a sentence and changes no record.

>>> w = PracticeWidget("rat-bastard-17", seed=4)
>>> item = w.item
>>> for key in sorted(item.answer):
...     _ = w.choose(key, next(c.group for c in item.choices if c.key == key))
>>> w.check().correct
True
>>> w.next() is not item
True
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping
from html import escape
from importlib import resources
from typing import Any

from ..core import DanishNbError, Verdict, get_game
from ..i18n import M, Message, check_lang, translator
from ..practice.items import Feedback, Item, NoItem
from ..practice.progress import Learner, ProgressStore, open_progress
from ..practice.schedule import to_dict as progress_dict
from ..practice.session import NothingDue, PracticeSession
from ..render.practice import data_link, item_html, notes_html, nothing_due_html, progress_html

#: What a learner's page may send, and the widget method each calls (with the message).
ACTS = ("choice", "check", "next", "anyway", "play", "errors", "name", "export", "erase", "erase-confirm",
        "erase-cancel")
#: Longest name a learner may give.
NAME_LIMIT = 40


#: The practice styles, drawn with the practice's page (the pad itself is a board's, with the
#: board styles: lessons and tests count the pads on a page), read as a resource of the package, not by
#: a file path: the serverless page imports the package from its wheel, a zip (site_build).
STYLE = "<style>" + (resources.files("danish_nb.widgets") / "practice.css").read_text(encoding="utf-8") + "</style>"


class PracticeWidget:
    """One learner practising ``game_id`` (under the table's ``options``): display it (or
    ``.widget``). ``learner`` and ``progress`` keep the record (``None``: in memory only); see
    :meth:`for_notebook` for a lesson. The methods mirror the clicks and return what they showed."""

    def __init__(self, game_id: str, *, learner: Learner | None = None, progress: ProgressStore | None = None,
                 options: Mapping[str, Any] | None = None, players: int | None = None, lang: str = "en",
                 seed: int | None = None, clock: Callable[[], float] = time.time,
                 on_play: Callable[[], Any] | None = None, pad: Any = None):
        self.lang = check_lang(lang)
        self.on_play = on_play
        #: Whether nothing is due (the screen offers a game or practising anyway).
        self.resting = False
        self.session = PracticeSession(game_id, learner=learner, progress=progress, options=options,
                                       players=players, clock=clock, seed=seed)
        self.selected: set[tuple[str, str]] = set()
        self.feedback: Feedback | None = None
        self.message: str = ""
        self.download = ""
        self.confirming = False
        self._drawing = False
        if pad is None:  # another pad (a page's, danish_nb.web.pad.PagePad) needs no widget package
            from .pad import HtmlPad

            pad = HtmlPad()
            pad.add_class("dn-practice-widget")
            pad.observe(self._on_html_set, names="html")
        self.widget = pad
        #: The page's learner keeper shown with the practice (a lesson served to a class).
        self.keeper: Any = None
        self.widget.on_msg(self._on_msg)
        self.item: Item | None = None
        self.next()

    @classmethod
    def for_notebook(cls, game_id: str, *, lang: str = "en", seed: int | None = None) -> PracticeWidget:
        """The practice of a lesson notebook, its record kept in the default store
        (``$DANISH_NB_STORE``, else the SQLite file of the class tables; in memory only if that
        store cannot be opened). The learner is this computer's user in a notebook; in a lesson
        served to a class, the learner of the page's browser
        (:func:`~danish_nb.widgets.learner_keeper.page_learner`: their own record, which no
        other page reads or erases), known once the page has opened."""
        from .learner_keeper import page_learner

        page = page_learner()
        if page is None:
            progress, _problem = open_progress()
            return cls(game_id, learner=Learner.this_user(), progress=progress, lang=lang, seed=seed)
        if page.learner is not None:  # the page said whose it is already: its first question made once
            practice = cls(game_id, learner=page.learner, progress=page.progress, lang=lang, seed=seed)
            practice.keeper = page.keeper
            return practice
        practice = cls(game_id, lang=lang, seed=seed)  # (in memory until the page says whose it is)
        practice.keeper = page.keeper
        page.when_known(practice.become)
        return practice

    def become(self, learner: Learner, progress: ProgressStore | None) -> None:
        """Practise as ``learner`` from now on, their record kept in ``progress``: a new question."""
        old = self.session
        self.session = PracticeSession(old.game_id, learner=learner, progress=progress, options=old.options,
                                       players=old.players, clock=old.clock, seed=old.seed)
        self.confirming = False
        self.next()

    # ------------------------------------------------------------------ what the learner does
    @property
    def game_id(self) -> str:
        return self.session.game_id

    def next(self, *, anyway: bool = False) -> Item | None:
        """The next question (``anyway``: even when nothing is due); a worked example comes
        answered."""
        self.feedback, self.selected, self.message, self.download = None, set(), "", ""
        self.resting = False
        try:
            self.item = self.session.next_item(anyway=anyway)
            if self.session.worked:
                self.feedback = self.session.read_example()
        except NothingDue:
            self.item, self.resting = None, True
        except NoItem as exc:
            self.item = None
            self.message = exc.text_in(self.lang)
        self._render()
        return self.item

    def anyway(self) -> Item | None:
        """Practise although nothing is due (right answers postpone nothing)."""
        return self.next(anyway=True)

    def play(self) -> None:
        """Go and play a game (the screen's ``on_play``)."""
        if self.on_play is None:
            self._refuse(M("there is no game to open from here"))
            return
        self.on_play()

    def choose(self, key: str, group: str = "answer") -> bool:
        """Press (or release) a choice; a single-answer question keeps one choice per group.
        Returns whether it is now pressed."""
        item = self.item
        if item is None or self.feedback is not None:
            return self._refuse(M("there is no question to answer now: press Next question"))
        if not any(c.key == key and c.group == group for c in item.choices):
            return self._refuse(M("that choice is not one of this question's"))
        pick = (group, key)
        if pick in self.selected:
            self.selected.discard(pick)
        else:
            if not item.multiple:
                self.selected = {s for s in self.selected if s[0] != group}
            self.selected.add(pick)
        self.message = ""
        self._render()
        return pick in self.selected

    def check(self) -> Feedback | None:
        """Check the chosen answer: feedback at once, and the answer counted."""
        item = self.item
        if item is None or self.feedback is not None:
            return self._refuse(M("there is no question to answer now: press Next question"))
        if not item.multiple and len({g for g, _ in self.selected}) < len(item.groups):
            return self._refuse(M("choose an answer first") if len(item.groups) == 1 else
                                M("answer both questions first"))
        return self.answer(item.id, [key for _, key in self.selected])

    def answer(self, item_id: Any, keys: Any) -> Feedback | None:
        """Answer item ``item_id`` with choice ``keys`` (what a page's answer message carries)."""
        try:
            self.feedback = self.session.answer(item_id, keys)
        except DanishNbError as exc:
            return self._refuse(exc.text_in(self.lang))
        self.message = ""
        self._render()
        return self.feedback

    def practise_errors(self) -> list[str]:
        """Practise first the rules broken in the last game on the board (if any)."""
        rules = self.session.practise_errors()
        if not rules:
            self._say(M("No illegal move was tried in your last game: nothing to practise from it."))
            return rules
        self.next()
        return rules

    def tried(self, verdict: Verdict, record: Mapping[str, Any] | None = None) -> str | None:
        """An illegal move tried in play (on a board): counted against the rule that forbids it."""
        rule = self.session.tried(verdict, record)
        self._render()
        return rule

    def set_name(self, name: Any) -> None:
        """The name the teacher sees (a local learner's; a seat's is the seat's name)."""
        learner = self.session.learner
        if learner is None or self.session.store is None:
            return self._say(M("This practice is not kept, so it has no name."))
        if not isinstance(name, str):
            return self._refuse(M("a name is a text"))
        name = " ".join(name.split())[:NAME_LIMIT]
        self.session.learner = Learner(learner.key, learner.kind, learner.room, name, learner.code, learner.seat)
        self.session.store.rename(self.session.learner)
        self._say(M("Your teacher now sees you as {name}.", name=name or "-"), info=True)

    def export(self) -> str:
        """The learner's own record as JSON (and a link on the page that saves it)."""
        session = self.session
        if session.store is None or session.learner is None:
            record = {"format": "danish-nb/practice", "version": 2, "learner": None,
                      "rules": [{"game": self.game_id, **progress_dict(p)} for p in session.progress.values()],
                      "answers": []}
        else:
            record = session.store.export(session.learner)
        text = json.dumps(record, indent=1, sort_keys=True)
        self.download = data_link(text, "danish-nb-practice.json", translator(self.lang)("Save my record"))
        self._render()
        return text

    def erase(self) -> None:
        """Ask to erase the learner's own record (:meth:`confirm_erase` does it)."""
        self.confirming = True
        self._render()

    def confirm_erase(self) -> None:
        """Erase everything kept about this learner: progress, answers, name."""
        session = self.session
        self.confirming = False
        if session.store is not None and session.learner is not None:
            session.store.erase(session.learner)
        session.progress = {}
        self._say(M("Your record is erased."), info=True)

    def cancel_erase(self) -> None:
        self.confirming = False
        self._render()

    def set_lang(self, lang: str) -> None:
        self.lang = check_lang(lang)
        self._render()

    # ------------------------------------------------------------------ the page
    def _on_html_set(self, _change: Any) -> None:
        if not self._drawing:
            self._refuse(M("the page was changed from outside the practice"))

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A message from the page: its action, checked against what the page offered."""
        if not isinstance(content, dict) or content.get("act") not in ACTS:
            self._refuse(M("a message the practice did not understand"))
            return
        act = content["act"]
        item_id = content.get("move")
        if act in ("choice", "check") and (self.item is None or item_id != self.item.id):
            self._refuse(M("that question was already answered or replaced: answer the one on the screen"))
            return
        if act == "choice":
            code, zone = content.get("code"), content.get("zone")
            if not isinstance(code, str) or not isinstance(zone, str):
                self._refuse(M("a message with bad values"))
                return
            self.choose(code, zone)
        elif act == "check":
            self.check()
        elif act == "next":
            self.next()
        elif act == "anyway":
            self.anyway()
        elif act == "play":
            self.play()
        elif act == "errors":
            self.practise_errors()
        elif act == "name":
            self.set_name(content.get("value"))
        elif act == "export":
            self.export()
        elif act == "erase":
            self.erase()
        elif act == "erase-confirm":
            if self.confirming:
                self.confirm_erase()
            else:
                self._refuse(M("press Erase my record first"))
        else:
            self.cancel_erase()

    def _say(self, text: str | Message, info: bool = False) -> None:
        self.message = translator(self.lang).render(text)
        self._info = info
        self._render()

    def _refuse(self, text: str | Message) -> Any:
        self._say(M("Ignored — {text}.", text=text))
        return None

    def html(self) -> str:
        """The page as drawn now."""
        tr = translator(self.lang)
        session = self.session
        title = tr("Practice: {game}", game=get_game(self.game_id).title)
        parts = [f'{STYLE}<div class="dn-practice"><h3 class="dn-practice-title">{escape(title)}</h3>']
        parts.append(progress_html(self.game_id, session.rules, session.progress, session.summary(),
                                   session.clock(), self.lang))
        if self.message:
            css = "dn-message dn-info" if getattr(self, "_info", False) else "dn-message"
            parts.append(f'<p class="{css}">{escape(self.message)}</p><div class="dn-announce" hidden>'
                         f'{escape(self.message)}</div>')
        if self.resting:
            parts.append(nothing_due_html(session.rules, session.progress, session.clock(), self.lang,
                                          can_play=self.on_play is not None))
        if self.item is not None:
            drawn = item_html(self.item, frozenset(key for _, key in self.selected), self.feedback, self.lang)
            if session.worked:
                why = tr("You got this rule wrong several times: here is a position, its answer and the rule. "
                         "An easier question on it comes next.")
                drawn = (f'<div class="dn-worked"><p class="dn-worked-head"><b>{escape(tr("A worked example"))}</b> '
                         f"{escape(why)}</p>{drawn}</div>")
            parts.append(drawn)
        parts.append(self._own_html())
        parts.append(notes_html(self.game_id, self.session.options, self.lang))
        parts.append("</div>")
        return "".join(parts)

    def _own_html(self) -> str:
        """The learner's own controls: the last game's errors, a name for the teacher, the record."""
        tr = translator(self.lang)
        session = self.session
        errors = len(session.last_game_errors())
        label = tr.n("Practise what I got wrong in my last game ({n} rule)",
                     "Practise what I got wrong in my last game ({n} rules)", errors)
        disabled = "" if errors else " disabled"
        parts = [f'<div class="dn-practice-own"><button type="button" class="dn-errors-button" data-act="errors" '
                 f'data-key="errors"{disabled}>{escape(label)}</button>']
        if session.store is not None and session.learner is not None:
            if session.learner.kind == "local":
                name = escape(session.learner.name)
                parts.append(f'<label class="dn-name-field">{escape(tr("Your name, for your teacher:"))} '
                             f'<input type="text" data-act="name" data-key="name" maxlength="{NAME_LIMIT}" '
                             f'value="{name}"></label>')
            parts.append(f'<button type="button" data-act="export" data-key="export">{escape(tr("Export my record"))}'
                         f'</button>{self.download}')
            if self.confirming:
                parts.append(f'<span class="dn-confirm" role="group" aria-label="{escape(tr("Erase my record"))}">'
                             f'{escape(tr("Erase all your progress and answers for good?"))} '
                             '<button type="button" class="dn-erase-yes" data-act="erase-confirm" '
                             'data-key="erase-yes">'
                             f'{escape(tr("Yes, erase it"))}</button> <button type="button" data-act="erase-cancel" '
                             f'data-key="erase-no">{escape(tr("No, keep it"))}</button></span>')
            else:
                parts.append(f'<button type="button" class="dn-erase" data-act="erase" data-key="erase">'
                             f'{escape(tr("Erase my record"))}</button>')
        else:
            not_kept = escape(tr("This practice is not kept after the page closes."))
            parts.append(f'<span class="dn-not-kept">{not_kept}</span>')
        parts.append("</div>")
        return "".join(parts)

    def _render(self) -> None:
        self._drawing = True
        try:
            self.widget.html = self.html()
        finally:
            self._drawing = False

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        if self.keeper is not None:  # the keeper must be on the page to say whose practice it is
            import ipywidgets

            return ipywidgets.VBox([self.widget, self.keeper])._repr_mimebundle_(**kwargs)
        return self.widget._repr_mimebundle_(**kwargs)


__all__ = ["STYLE", "PracticeWidget"]
