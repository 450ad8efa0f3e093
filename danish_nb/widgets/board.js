// The board's only front-end code: show the HTML the Python side renders, and send clicks
// back as small messages. Python checks every message against what it offered.
const FIELDS = ["zone", "idx", "code", "move"];

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "dn-board";
  el.appendChild(root);
  const draw = () => {
    const pile = root.querySelector("details.dn-full-pile");
    const keepOpen = pile ? pile.open : false;
    root.innerHTML = model.get("html");
    const again = root.querySelector("details.dn-full-pile");
    if (again) again.open = keepOpen;
    const log = root.querySelector(".dn-log");
    if (log) log.scrollTop = log.scrollHeight;
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
  root.addEventListener("click", activate);
  root.addEventListener("keydown", (event) => {
    if ((event.key === "Enter" || event.key === " ") && event.target.matches("span[data-act]")) {
      event.preventDefault();
      activate(event);
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
