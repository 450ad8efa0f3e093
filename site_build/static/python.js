// What the app and the lesson pages share: the Python worker (worker.js) behind promises, and the
// board's anywidget module (board.js, the same file the Voila app uses) hosted on a small model
// that speaks to Python through the worker instead of a Jupyter comm.
import board from "./board.js";

export class Python {
  /** The worker the page started as it opened (``self.dnWorker``: the app's page, build.py's
   * EARLY_WORKER, with what it said meanwhile), else a new one. */
  constructor(base) {
    const early = self.dnWorker;
    self.dnWorker = undefined;
    if (!early) performance.mark("danish-nb: worker asked for");
    this.worker = early ?? new Worker(new URL("worker.js", base), { type: "module" });
    this.next = 1;
    this.waiting = new Map();
    this.onprogress = () => {};
    this.onpartial = () => {};
    this.ready = new Promise((resolve, reject) => { this._ready = [resolve, reject]; });
    const failed = (event) => this._ready[1](new Error(event.message || "the worker did not start"));
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = failed;
    for (const data of early?.dnSaid ?? []) this.receive(data);
    if (early?.dnFailed) failed(early.dnFailed);
  }

  receive(data) {
    if (data.ready) {
      // how Python started, for the curious and the tests: "snapshot" (restored) or "fresh"
      document.documentElement.dataset.pythonStart = data.ready.restored ? "snapshot" : "fresh";
      document.documentElement.dataset.pythonSteps = JSON.stringify(data.ready.phases);
      performance.mark("danish-nb: Python ready");
      this._ready[0](data.ready);
    }
    else if (data.failed) this._ready[1](new Error(data.failed));
    else if (data.progress) this.onprogress(...data.progress);
    else if (data.partial) this.onpartial(data.partial);
    // the worker has its files back and the rest imported (after the first board), for the tests
    else if (data.settled) document.documentElement.dataset.pythonSettled = "true";
    else {
      const waiting = this.waiting.get(data.id);
      this.waiting.delete(data.id);
      if (data.error !== undefined) waiting.reject(new Error(data.error));
      else waiting.resolve(data.result);
      if (!this.drawn) {
        // the first answer drawn (its page applies it before the next frame): the worker may
        // now do what it left for later (worker.js settle)
        this.drawn = true;
        requestAnimationFrame(() => setTimeout(() => this.worker.postMessage({ drawn: true })));
      }
    }
  }

  /** Ask Python (danish_nb.web.session): resolves with what changed, or {error} in words. */
  call(request) {
    const id = this.next++;
    this.worker.postMessage({ id, request });
    return new Promise((resolve, reject) => this.waiting.set(id, { resolve, reject }));
  }
}

/** A model as board.js expects one (anywidget's get/set/on/off/save_changes/send): ``html`` comes
 * from Python; ``send`` goes to Python (``deliver``), which checks every message. */
export function padModel(html, deliver) {
  const state = { html };
  const handlers = new Map();
  const fire = (name) => { for (const handler of handlers.get(name) || []) handler(); };
  return {
    get: (key) => state[key],
    set: (key, value) => { state[key] = value; },
    save_changes: () => {},
    on: (name, handler) => {
      if (!handlers.has(name)) handlers.set(name, new Set());
      handlers.get(name).add(handler);
    },
    off: (name, handler) => {
      if (name === undefined) handlers.clear();
      else if (handler === undefined) handlers.delete(name);
      else handlers.get(name)?.delete(handler);
    },
    send: (content) => deliver(content),
    /** Python drew the board again. */
    update(next) {
      if (next === state.html) return;
      state.html = next;
      fire("change:html");
    },
  };
}

/** Show a board in ``element``: board.js renders it from ``model``; returns the model and a
 * function that takes the board off the page. */
export function mountBoard(element, html, deliver) {
  const model = padModel(html, deliver);
  element.replaceChildren();
  element.classList.add("dn-board-widget");
  const cleanup = board.render({ model, el: element });
  return { model, unmount: () => { cleanup?.(); model.off(); element.replaceChildren(); } };
}

/** The page's language: ?lang=, then the last one chosen, then the browser's, else English. */
export function chooseLang(languages) {
  const asked = new URLSearchParams(location.search).get("lang");
  let kept = null;
  try { kept = localStorage.getItem("danish-nb-lang"); } catch { /* storage blocked */ }
  const browser = (navigator.languages || [navigator.language]).map((code) => code.slice(0, 2));
  return [asked, kept, ...browser].find((code) => languages.includes(code)) || languages[0];
}

export function keepLang(lang) {
  try { localStorage.setItem("danish-nb-lang", lang); } catch { /* storage blocked */ }
}

/** Show the page in ``lang``: the site's own words (``data-word``: text, ``data-word-label``: an
 * accessible name), the links that name a language, and each element written per language
 * (``data-lang``: only those of ``lang`` are shown). */
export function showLanguage(lang, words) {
  document.documentElement.lang = lang;
  for (const node of document.querySelectorAll("[data-word]")) node.textContent = words[node.dataset.word];
  for (const node of document.querySelectorAll("[data-word-label]")) {
    node.setAttribute("aria-label", words[node.dataset.wordLabel]);
  }
  for (const link of document.querySelectorAll("a[data-lang-href]")) link.href = link.dataset.langHref.replace("LANG", lang);
  for (const node of document.querySelectorAll("[data-lang]")) node.hidden = node.dataset.lang !== lang;
  for (const button of document.querySelectorAll("[data-set-lang]")) {
    button.setAttribute("aria-pressed", String(button.dataset.setLang === lang));
  }
}

/** Offline use: the service worker (sw.js) keeps the whole site. Called once the page has what
 * it needs, so that its copy finds every file in the browser's HTTP cache, not on the network. */
export function offerOffline(base) {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register(new URL("sw.js", base)).catch(
    (error) => console.warn("danish_nb: no offline copy:", error));
}
