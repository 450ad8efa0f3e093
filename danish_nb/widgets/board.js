// The board's only front-end code: show the HTML the Python side renders, send clicks back
// as small messages (Python checks every message against what it offered), keep the keyboard
// focus on the same card or control across redraws, and announce changes to screen readers.
const FIELDS = ["zone", "idx", "code", "move"];
// Keys that press a control (see render/board.py SHORTCUTS, documented on the page).
const SHORTCUTS = { p: ".dn-play", t: "[aria-keyshortcuts='t']", c: ".dn-step", u: ".dn-undo",
  Escape: ".dn-clear", "[": ".dn-back", "]": ".dn-forward" };
const CARDS = "[data-act='card'], [data-act='closed']";

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "dn-board";
  // One live region that outlives every redraw, so screen readers hear each change once.
  const live = document.createElement("div");
  live.className = "dn-live";
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  el.appendChild(root);
  el.appendChild(live);

  // Where the focus was, by a stable key, and a fallback place (the same zone and index).
  const focusMark = () => {
    const active = document.activeElement;
    if (!active || !root.contains(active)) return null;
    const target = active.closest("[data-key]");
    if (!target) return null;
    return { key: target.dataset.key, zone: target.dataset.zone, idx: Number(target.dataset.idx),
             act: target.dataset.act, seat: target.closest(".dn-seat")?.dataset.seat };
  };
  const refocus = (mark) => {
    if (!mark) return;
    const usable = (node) => node && !node.disabled;
    let target = [...root.querySelectorAll("[data-key]")].find((n) => n.dataset.key === mark.key);
    if (!usable(target) && mark.zone !== undefined) {
      const same = [...root.querySelectorAll(`${CARDS}`)].filter((n) => n.dataset.zone === mark.zone);
      target = same.find((n) => Number(n.dataset.idx) === mark.idx) || same[Math.min(mark.idx, same.length - 1)];
    }
    if (!usable(target) && (mark.act === "card" || mark.act === "closed")) target = root.querySelector(CARDS);
    if (!usable(target)) target = root.querySelector(".dn-play:not([disabled])") || root.querySelector("button:not([disabled])");
    if (usable(target)) target.focus({ preventScroll: true });
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
    refocus(mark);
    const news = root.querySelector(".dn-announce");
    const text = news ? news.textContent.trim() : "";
    if (text && text !== live.textContent) live.textContent = text;
  };
  const send = (target, extra) => {
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
  root.addEventListener("click", activate);
  root.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select, textarea") || event.altKey || event.ctrlKey || event.metaKey) return;
    if ((event.key === "Enter" || event.key === " ") && event.target.matches("span[data-act]")) {
      event.preventDefault();
      activate(event);
      return;
    }
    if (moveAmongCards(event)) {
      event.preventDefault();
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
