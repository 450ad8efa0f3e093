// A lesson page: its text, rules and tables are plain HTML written by site_build/lessons.py in
// every language (the visitor's is shown); its quizzes, replays and boards ask Python
// (danish_nb.web.session, in worker.js) for every verdict, step and move, in that language.
import { Python, chooseLang, keepLang, mountBoard, offerOffline, showLanguage } from "./python.js";

const BUILD = /*BUILD*/{};
const base = new URL(".", import.meta.url);
// Python starts with the page only where the page asks it something (not on the lessons' index).
const python = document.querySelector("[data-spec]") ? new Python(base) : null;
let lang = chooseLang(Object.keys(BUILD.words));
let started = false;
const spec = (node) => JSON.parse(node.closest("[data-spec]").dataset.spec);
const shownIn = (node) => node.closest("[data-lang]")?.dataset.lang || lang;

async function ask(request, where) {
  try {
    const result = await python.call({ lang: shownIn(where), ...request });
    if (result.error === undefined) return result;
    where.textContent = result.error;
  } catch (error) {
    where.textContent = `${BUILD.words[lang].failed} ${error.message}`;
  }
  return null;
}

// Quizzes: a move's button asks the engine for its verdict.
document.addEventListener("click", async (event) => {
  const button = event.target.closest(".dn-quiz button[data-move]");
  if (!button) return;
  const verdict = button.closest("[data-lang], .dn-quiz").querySelector(".dn-quiz-verdict");
  if (!started) verdict.textContent = BUILD.words[lang].loading;
  const result = await ask({ op: "quiz.answer", spec: spec(button), move: button.dataset.move }, verdict);
  if (!result) return;
  verdict.innerHTML = result.verdict;
  const legal = verdict.querySelector(".dn-verdict-legal") !== null;
  button.classList.remove("dn-quiz-legal", "dn-quiz-illegal");
  button.classList.add(legal ? "dn-quiz-legal" : "dn-quiz-illegal");
});

// A quiz's card picker: cards pressed in turn, then checked together by the engine.
document.addEventListener("click", async (event) => {
  const card = event.target.closest(".dn-quiz button[data-pick]");
  if (card) {
    card.setAttribute("aria-pressed", String(card.getAttribute("aria-pressed") !== "true"));
    return;
  }
  const check = event.target.closest(".dn-quiz button[data-check]");
  if (!check) return;
  const group = check.closest(".dn-quiz-cards");
  const verdict = check.closest("[data-lang], .dn-quiz").querySelector(".dn-quiz-verdict");
  const cards = [...group.querySelectorAll("button[data-pick][aria-pressed=true]")].map((b) => b.dataset.pick);
  if (!started) verdict.textContent = BUILD.words[lang].loading;
  const result = await ask({ op: "quiz.check", spec: spec(check), cards }, verdict);
  if (result) verdict.innerHTML = result.verdict;
});

// Answer sheets: filled by the engine when opened, in the language shown.
for (const sheet of document.querySelectorAll("details.dn-answers")) {
  sheet.addEventListener("toggle", async () => {
    const out = [...sheet.querySelectorAll("pre")].find((pre) => !pre.hidden);
    if (!sheet.open || out.textContent) return;
    out.textContent = BUILD.words[lang].loading;
    const result = await ask({ op: "quiz.answers", spec: spec(sheet) }, out);
    if (result) out.textContent = result.answers;
  });
}

// Replays: step through a recorded game.
for (const controls of document.querySelectorAll(".dn-replay-controls")) {
  const input = controls.querySelector("input");
  const view = controls.parentElement.querySelector(".dn-replay-view");
  const last = Number(input.max);
  const show = async (step) => {
    step = Math.max(0, Math.min(last, Number.isFinite(step) ? step : 0));
    input.value = String(step);
    const result = await ask({ op: "replay.step", spec: spec(controls), step }, view);
    if (result) view.innerHTML = result.html;
  };
  controls.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-step]");
    if (!button) return;
    const now = Number(input.value);
    show({ first: 0, back: now - 1, forward: now + 1, last }[button.dataset.step]);
  });
  input.addEventListener("change", () => show(Number.parseInt(input.value, 10)));
}

// Boards: the same board.js as the app, each with its own game, drawn in the page's language.
const boards = new Map();
function showBoard(place, keep) {
  const key = place.dataset.key;
  const status = place.querySelector(".dn-board-status");
  return ask({ op: "lesson.board", key, keep, spec: spec(place) }, status).then((result) => {
    if (!result) return;
    boards.get(key)?.unmount();
    const shown = mountBoard(place.querySelector(".dn-board-host"), result.board, async (message) => {
      const next = await ask({ op: "lesson.msg", key, message }, status);
      if (next && next.board) shown.model.update(next.board);
    });
    boards.set(key, shown);
    status.hidden = true;
  });
}

// Practice: the same practice as in Jupyter (board.js draws it too), kept while the page is open.
function showPractice(place, keep) {
  const key = place.dataset.key;
  const status = place.querySelector(".dn-board-status");
  return ask({ op: "lesson.practice", key, keep, spec: spec(place) }, status).then((result) => {
    if (!result) return;
    boards.get(key)?.unmount();
    const shown = mountBoard(place.querySelector(".dn-practice-host"), result.practice, async (message) => {
      const next = await ask({ op: "lesson.practice_msg", key, message }, status);
      if (next && next.practice) shown.model.update(next.practice);
    });
    boards.set(key, shown);
    status.hidden = true;
  });
}

function setLanguage(next) {
  lang = next;
  keepLang(lang);
  showLanguage(lang, BUILD.words[lang]);
  if (!started) return;
  for (const place of document.querySelectorAll(".dn-lesson-board")) showBoard(place, true);
  for (const place of document.querySelectorAll(".dn-lesson-practice")) showPractice(place, true);
}

document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-set-lang]");
  if (button && button.dataset.setLang !== lang) setLanguage(button.dataset.setLang);
});
showLanguage(lang, BUILD.words[lang]);
document.documentElement.dataset.pageReady = "true"; // every control above is wired

if (python === null) {
  offerOffline(base);
} else {
  python.ready.then(() => {
    started = true;
    Promise.all([...[...document.querySelectorAll(".dn-lesson-board")].map((place) => showBoard(place, false)),
                 ...[...document.querySelectorAll(".dn-lesson-practice")].map((place) => showPractice(place, false))])
      .finally(() => offerOffline(base));
  }, (error) => {
    for (const status of document.querySelectorAll(".dn-board-status")) {
      status.textContent = `${BUILD.words[lang].failed} ${error.message}`;
    }
  });
}
