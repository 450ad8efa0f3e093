"""Practice that adapts: positions drawn from the rules a learner gets wrong (issue 31).

- :class:`PracticePart` (:mod:`.part`): what a game declares for practice (its scenes, the rules
  left out, its questions), in its own module under ``danish_nb/games/``;
- :func:`make_item` (:mod:`.items`): a seeded position in which one rule decides, and a question
  about it, answered by the engine;
- :mod:`.schedule`: an FSRS card per learner and rule (the ``fsrs`` library), and the next rule
  to practise;
- :class:`PracticeSession` (:mod:`.session`): one learner practising one game;
- :class:`ProgressStore` (:mod:`.progress`): progress kept in the class tables' store;
- :func:`room_report` (:mod:`.report`): the teacher's view of a room.

The core of practice imports no widgets (``danish_nb.widgets.practice`` draws it).

>>> from danish_nb.practice import PracticeSession
>>> session = PracticeSession("rat-bastard-17", seed=2)
>>> session.next_item().game_id
'rat-bastard-17'
"""

from .catalogue import active_rules, left_out, one_answer, practice_notes
from .items import KINDS, Choice, Feedback, Item, NoItem, make_item
from .part import PracticePart, practice_part
from .progress import Learner, ProgressStore
from .report import Report, report_csv, room_report
from .schedule import LEARNED_DAYS, SCHEDULER, RuleProgress, answered, next_rule, recall_words
from .session import NothingDue, PracticeSession, StaleItem

__all__ = ["KINDS", "LEARNED_DAYS", "SCHEDULER", "Choice", "Feedback", "Item", "Learner", "NoItem", "NothingDue",
           "PracticePart", "PracticeSession", "ProgressStore", "Report", "RuleProgress", "StaleItem", "active_rules",
           "answered", "left_out", "make_item", "next_rule", "one_answer", "practice_notes", "practice_part",
           "recall_words", "report_csv", "room_report"]
