// The board's only front-end code: show the HTML the Python side renders, send clicks back
// as small messages (Python checks every message against what it offered), keep the keyboard
// focus on the same card or control across redraws, and announce changes to screen readers:
// each numbered item of a drawing's news (.dn-news, see widgets/news.py) is appended once to a
// polite log, never replacing what is being read; R reads the rules' words behind the last one.
const FIELDS = ["zone", "idx", "code", "move"];
// Keys that press a control (see render/board.py SHORTCUTS, documented on the page).
// Each selector names a button (a played card on a trick is a span that may carry the same class).
const SHORTCUTS = { p: "button.dn-play", t: "button[aria-keyshortcuts='t']", c: "button.dn-step",
  u: "button.dn-undo", n: "button.dn-next-deal", Escape: "button.dn-clear", "[": "button.dn-back",
  "]": "button.dn-forward" };
// How many items the spoken log keeps (older ones are removed, which is not announced).
const KEPT = 40;
const CARDS = "[data-act='card'], [data-act='closed']";
// Where the focus goes when the control it was on is gone or not usable now: the viewer's first
// playable card, else a legal move's button, else the play button, else any card of the viewer.
// When nothing there is usable (another player's turn), the first button that is, then the log.
const FALLBACKS = [".dn-me .dn-playable[data-act]", "button[data-act='choose']:not(.dn-not-legal)",
  "button.dn-play", ".dn-me [data-act='card']", ".dn-me [data-act='closed']", "button", ".dn-log"];

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "dn-board";
  // Live regions that outlive every redraw, so screen readers hear each change once: a log the
  // board's news is appended to, and a status line for pages that say one thing at a time
  // (.dn-announce, e.g. practice).
  const said = document.createElement("div");
  said.className = "dn-live dn-said";
  said.setAttribute("role", "log");
  said.setAttribute("aria-live", "polite");
  said.setAttribute("aria-relevant", "additions");
  const live = document.createElement("div");
  live.className = "dn-live";
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  el.appendChild(root);
  el.appendChild(said);
  el.appendChild(live);
  // The number of the last item of news said; the moves played.
  let heard = 0;
  let moves = null;
  let rules = [];  // [words, language] of each rule behind the last move or verdict
  let sentKey = null;
  const say = (text, lang) => {
    const line = document.createElement("p");
    line.textContent = text;
    if (lang) line.lang = lang;
    said.appendChild(line);
    while (said.childElementCount > KEPT) said.firstElementChild.remove();
  };
  // Append the items of this drawing not said yet; whether a move was made since the last one.
  const listen = () => {
    const news = root.querySelector(".dn-news");
    if (!news) return false;
    if (news.dataset.label && root.getAttribute("aria-label") !== news.dataset.label) {
      // The board: a landmark with a name; a second board of that name on the page (a lesson's
      // boards) a named group, as landmarks must be named apart.
      const named = [...document.querySelectorAll(".dn-board[role=region]")]
        .some((board) => board !== root && board.getAttribute("aria-label") === news.dataset.label);
      root.setAttribute("role", named ? "group" : "region");
      root.setAttribute("aria-label", news.dataset.label);
    }
    const items = [...news.querySelectorAll("p[data-n]")];
    // A board never sends a number twice: one already passed is a new board's (the app dealt anew).
    if (items.length && Number(items[0].dataset.n) <= heard) heard = 0;
    for (const item of items) {
      const n = Number(item.dataset.n);
      if (n > heard) {
        say(item.textContent);
        heard = n;
      }
    }
    const words = [...news.querySelectorAll(".dn-rules")];
    if (words.length) rules = words.map((w) => [w.textContent, w.lang]);
    const before = moves;
    moves = news.dataset.played;
    return before !== null && before !== moves;
  };

  // Where the focus was, by a stable key, and a fallback place (the same zone and index).
  const focusMark = () => {
    const active = document.activeElement;
    if (!active || !root.contains(active)) return null;
    const target = active.closest("[data-key]");
    if (!target) return null;
    return { key: target.dataset.key, zone: target.dataset.zone, idx: Number(target.dataset.idx),
             act: target.dataset.act, seat: target.closest(".dn-seat")?.dataset.seat };
  };
  // A control the focus may rest on now: enabled, and not a move the rules refuse here.
  const usable = (node) => node && !node.disabled && !node.classList.contains("dn-not-legal");
  // After a move, focus left on a button goes to the hand if a card of it may be played now;
  // a refused move just chosen keeps the focus (its verdict is said).
  const refocus = (mark, moved) => {
    if (!mark) return;
    let target = [...root.querySelectorAll("[data-key]")].find((n) => n.dataset.key === mark.key);
    const hand = root.querySelector(".dn-me .dn-playable[data-act='card']");
    if (moved && hand && target && target.tagName === "BUTTON") target = hand;
    if (target && !moved && mark.key === sentKey && !target.disabled) {
      target.focus({ preventScroll: true });
      return;
    }
    if (!usable(target) && mark.zone !== undefined) {
      const same = [...root.querySelectorAll(`${CARDS}`)].filter((n) => n.dataset.zone === mark.zone);
      target = same.find((n) => Number(n.dataset.idx) === mark.idx) || same[Math.min(mark.idx, same.length - 1)];
    }
    for (const selector of FALLBACKS) {
      if (usable(target)) break;
      target = [...root.querySelectorAll(selector)].find(usable);
    }
    if (usable(target)) target.focus({ preventScroll: true });
  };
  // One stop of the Tab key per row of cards (the first playable card, or the one last focused);
  // the arrow keys move between the cards (a "roving tabindex").
  const rove = (row, keep) => {
    const cards = [...row.querySelectorAll(CARDS)];
    keep = keep || cards.find((c) => c.classList.contains("dn-playable")) || cards[0];
    for (const card of cards) card.tabIndex = card === keep ? 0 : -1;
  };

  const draw = () => {
    const mark = focusMark();
    const pile = root.querySelector("details.dn-full-pile");
    const keepOpen = pile ? pile.open : false;
    const keys = root.querySelector("details.dn-keys");
    const keysOpen = keys ? keys.open : false;
    root.innerHTML = model.get("html");
    const again = root.querySelector("details.dn-full-pile");
    if (again) again.open = keepOpen;
    const keysAgain = root.querySelector("details.dn-keys");
    if (keysAgain) keysAgain.open = keysOpen;
    const log = root.querySelector(".dn-log");
    if (log) log.scrollTop = log.scrollHeight;
    for (const row of root.querySelectorAll(".dn-row")) rove(row);
    const moved = listen();
    refocus(mark, moved);
    sentKey = null;
    const news = root.querySelector(".dn-announce");
    const text = news ? news.textContent.trim() : "";
    if (text && text !== live.textContent) live.textContent = text;
  };
  const send = (target, extra) => {
    sentKey = target.dataset.key || null;
    const msg = { act: target.dataset.act };
    for (const key of FIELDS) {
      if (target.dataset[key] !== undefined) msg[key] = target.dataset[key];
    }
    model.send(Object.assign(msg, extra || {}));
  };
  const activate = (event) => {
    const target = event.target.closest("[data-act]");
    if (!target || !root.contains(target) || target.tagName === "INPUT" || target.disabled) return;
    send(target);
  };
  // Arrow keys move between the viewer's cards (hand, then table cards), Home and End to the ends.
  const moveAmongCards = (event) => {
    const card = event.target.closest(CARDS);
    if (!card) return false;
    const seat = card.closest(".dn-seat") || root;
    const cards = [...seat.querySelectorAll(CARDS)];
    const at = cards.indexOf(card);
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    let next = null;
    if (step) next = cards[(at + step + cards.length) % cards.length];
    else if (event.key === "Home") next = cards[0];
    else if (event.key === "End") next = cards[cards.length - 1];
    if (!next) return false;
    next.focus();
    return true;
  };
  // A radio group (a wild card's values): the arrow keys, Home and End move the check and the
  // focus inside it; a digit, pressed anywhere on the board, jumps to the option it names (0: 10).
  const check = (radio) => {
    const group = radio.closest("[role='radiogroup']");
    for (const other of group.querySelectorAll("[role='radio']")) {
      other.setAttribute("aria-checked", String(other === radio));
      other.tabIndex = other === radio ? 0 : -1;
    }
    radio.focus();
  };
  const moveAmongRadios = (event) => {
    let radio = event.target.closest("[role='radio']");
    const digit = /^[0-9]$/.test(event.key) ? (event.key === "0" ? "10" : event.key) : null;
    if (digit) {
      const next = [...root.querySelectorAll("[role='radio']")].find((r) => r.textContent.trim() === digit);
      if (next) check(next);
      return Boolean(next);
    }
    if (!radio) return false;
    const radios = [...radio.closest("[role='radiogroup']").querySelectorAll("[role='radio']")];
    const at = radios.indexOf(radio);
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step) radio = radios[(at + step + radios.length) % radios.length];
    else if (event.key === "Home") radio = radios[0];
    else if (event.key === "End") radio = radios[radios.length - 1];
    else return false;
    check(radio);
    return true;
  };
  root.addEventListener("click", activate);
  root.addEventListener("focusin", (event) => {
    const card = event.target.closest(CARDS);
    const row = card && card.closest(".dn-row");
    if (row) rove(row, card);
  });
  root.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select, textarea") || event.altKey || event.ctrlKey || event.metaKey) return;
    if ((event.key === "Enter" || event.key === " ") && event.target.matches("span[data-act]")) {
      event.preventDefault();
      activate(event);
      return;
    }
    if (moveAmongRadios(event)) {
      event.preventDefault();
      return;
    }
    if (event.key.toLowerCase() === "p" && event.target.matches("[role='radio']")) {
      event.preventDefault();  // P plays the value checked
      send(event.target);
      return;
    }
    if (moveAmongCards(event)) {
      event.preventDefault();
      return;
    }
    if (event.key.toLowerCase() === "r" && rules.length) {
      event.preventDefault();
      for (const [text, lang] of rules) say(text, lang);
      return;
    }
    const selector = SHORTCUTS[event.key] || SHORTCUTS[event.key.toLowerCase()];
    const button = selector && root.querySelector(selector);
    if (button && !button.disabled) {
      event.preventDefault();
      button.focus();
      send(button);
    }
  });
  root.addEventListener("change", (event) => {
    const target = event.target;
    if (target.tagName !== "INPUT" || !target.dataset.act) return;
    send(target, { value: target.type === "checkbox" ? target.checked : target.value });
  });
  model.on("change:html", draw);
  draw();
  return () => model.off("change:html", draw);
}
export default { render };
