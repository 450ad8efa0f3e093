// The app page: Python (danish_nb.web.app.PageApp, in worker.js) draws the settings, the message
// line, the coach, the board and the Practice screen; this script shows what it sends, hosts the board's own front end
// (board.js) and passes every click and form change back. Nothing here decides a rule.
import { Python, chooseLang, keepLang, mountBoard, offerOffline, showLanguage } from "./python.js";

const BUILD = /*BUILD*/{};
const base = new URL(".", import.meta.url);
const root = document.querySelector(".dn-app");
const loading = document.querySelector(".dn-loading");
const python = new Python(base);
let lang = chooseLang(BUILD.languages);
let boardKey = null;
let shown = null; // the board on the page: {model, unmount}
let practice = null; // the Practice screen's practice on the page: {model, unmount}
let pending = 0;

function showWords() {
  showLanguage(lang, BUILD.words[lang]);
  document.title = BUILD.words[lang].title;
}

const form = () => root.querySelector(".dn-settings");

function values() {
  const out = {};
  for (const field of form().elements) {
    if (field.name) out[field.name] = field.type === "checkbox" ? field.checked : field.value;
  }
  return out;
}

/** The focused control, by what survives a redraw (its name, or its class). */
function focusMark() {
  const active = document.activeElement;
  if (!active || !root.contains(active) || active.closest(".dn-board-host, .dn-practice-host")) return null;
  return active.name ? `[name="${active.name}"]` : active.classList.length ? `.${active.classList[0]}` : null;
}

function refocus(mark) {
  const target = mark && root.querySelector(mark);
  if (target) target.focus({ preventScroll: true });
}

/** Python's HTML into a node, only when it changed (a live region then speaks once). */
function setHtml(selector, html) {
  const node = root.querySelector(selector);
  if (node && node.dnHtml !== html) {
    node.dnHtml = html;
    node.innerHTML = html;
  }
}

function apply(result) {
  if (result.lang && result.lang !== lang) {
    lang = result.lang;
    keepLang(lang);
    showWords();
  }
  if (result.chrome !== undefined) {
    const open = form() ? !form().hidden : false;
    const mark = focusMark();
    shown?.unmount();
    practice?.unmount();
    shown = null;
    practice = null;
    boardKey = null;
    root.innerHTML = result.chrome;
    form().hidden = !open;
    root.querySelector(".dn-settings-toggle").setAttribute("aria-expanded", String(open));
    refocus(mark);
  } else if (result.settings !== undefined) {
    const mark = focusMark();
    form().innerHTML = result.settings;
    refocus(mark);
  }
  const seed = form().elements.seed;
  if (seed && result.seed !== undefined && seed.value !== result.seed && document.activeElement !== seed) {
    seed.value = result.seed;
  }
  setHtml(".dn-app-message", result.message);
  const note = root.querySelector(".dn-settings-note");
  if (note.textContent !== result.note) note.textContent = result.note;
  root.querySelector(".dn-hint").disabled = !result.coach.hint;
  root.querySelector(".dn-review").disabled = !result.coach.review;
  setHtml(".dn-coach-text", result.coach.text);
  if (result.board_key !== boardKey) {
    shown?.unmount();
    shown = mountBoard(root.querySelector(".dn-board-host"), result.board,
                       (message) => ask({ op: "app.msg", message }));
    boardKey = result.board_key;
  } else if (result.board !== undefined) {
    shown.model.update(result.board);
  }
  if (result.practice !== undefined) {
    if (practice === null) {
      practice = mountBoard(root.querySelector(".dn-practice-host"), result.practice,
                            (message) => ask({ op: "app.practice", message }));
    } else practice.model.update(result.practice);
  }
}

function problem(text) {
  const line = root.querySelector(".dn-app-message");
  line.dnHtml = null;
  line.textContent = text;
}

async function ask(request) {
  pending += 1;
  root.setAttribute("aria-busy", "true");
  try {
    const result = await python.call({ lang, ...request });
    if (result.error !== undefined) problem(result.error);
    else apply(result);
  } catch (error) {
    problem(`${BUILD.words[lang].failed} ${error.message}`);
  } finally {
    pending -= 1;
    if (!pending) root.removeAttribute("aria-busy");
  }
}

root.addEventListener("click", (event) => {
  const target = event.target.closest("button");
  if (!target || !root.contains(target) || target.closest(".dn-board-host, .dn-practice-host")) return;
  if (target.classList.contains("dn-settings-toggle")) {
    const open = form().hidden;
    form().hidden = !open;
    target.setAttribute("aria-expanded", String(open));
  } else if (target.classList.contains("dn-new-game")) {
    ask({ op: "app.new", values: values() });
  } else if (target.classList.contains("dn-same-deal")) {
    ask({ op: "app.again", values: values() });
  } else if (target.dataset.screen) {
    ask({ op: "app.screen", screen: target.dataset.screen });
  } else if (target.dataset.coach) {
    const progress = root.querySelector(".dn-coach-progress");
    progress.removeAttribute("value");
    progress.hidden = false;
    ask({ op: `app.${target.dataset.coach}` }).finally(() => { progress.hidden = true; });
  }
});
root.addEventListener("change", (event) => {
  if (event.target.closest(".dn-settings")) ask({ op: "app.change", values: values() });
});
root.addEventListener("submit", (event) => event.preventDefault());
// a review's findings as they come, before its answer
python.onpartial = (partial) => {
  if (partial.coach_text !== undefined) setHtml(".dn-coach-text", partial.coach_text);
};
python.onprogress = (done, total) => {
  const progress = root.querySelector(".dn-coach-progress");
  if (progress) Object.assign(progress, { max: Math.max(total, 1), value: done });
};

showWords();
document.documentElement.dataset.pageReady = "true";
loading.textContent = BUILD.words[lang].loading;
const seed = Number.parseInt(new URLSearchParams(location.search).get("seed"), 10);
python.call({ op: "app.open", lang, seed: Number.isNaN(seed) ? null : seed }).then((result) => {
  root.hidden = false;
  apply(result);
  performance.mark("danish-nb: first board");
  loading.hidden = true;
  loading.textContent = "";
  offerOffline(base);
}, (error) => {
  loading.textContent = `${BUILD.words[lang].failed} ${error.message}`;
});
