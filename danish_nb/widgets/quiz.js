// A position quiz's only front-end code (PositionQuiz in widgets/lesson.py): show the quiz the
// Python side drew once (its table, question, card picker and move buttons, as the serverless
// page draws it), send a click on a move or on "Check these cards" back as a message (Python asks
// the engine, and checks the message against what the quiz offered), and show the verdict, each
// tried move's mark and the cards picked as they change. The buttons are drawn once, so the
// keyboard focus stays where it was; the verdict is a status line screen readers announce.
const MARKS = { legal: "dn-quiz-legal", illegal: "dn-quiz-illegal" };

function render({ model, el }) {
  el.classList.add("dn-quiz");
  el.innerHTML = model.get("html");
  const verdict = el.querySelector(".dn-quiz-verdict");
  const moves = [...el.querySelectorAll("button[data-move]")];
  const picks = [...el.querySelectorAll("button[data-pick]")];
  const drawVerdict = () => { verdict.innerHTML = model.get("verdict_html"); };
  const drawMarks = () => {
    const marks = model.get("marks");
    moves.forEach((button, i) => {
      for (const [mark, name] of Object.entries(MARKS)) button.classList.toggle(name, marks[i] === mark);
    });
  };
  const drawChosen = () => {
    const chosen = model.get("chosen");
    picks.forEach((button, i) => button.setAttribute("aria-pressed", String(chosen.includes(i))));
  };
  const click = (event) => {
    const move = event.target.closest("button[data-move]");
    if (move) {
      model.send({ act: "answer", move: move.dataset.move });
      return;
    }
    const pick = event.target.closest("button[data-pick]");
    if (pick) {
      const i = picks.indexOf(pick);
      const chosen = model.get("chosen").filter((j) => j !== i);
      model.set("chosen", chosen.length < model.get("chosen").length ? chosen : [...chosen, i].sort((a, b) => a - b));
      model.save_changes();
      drawChosen();
      return;
    }
    if (event.target.closest("button[data-check]")) model.send({ act: "check" });
  };
  el.addEventListener("click", click);
  model.on("change:verdict_html", drawVerdict);
  model.on("change:marks", drawMarks);
  model.on("change:chosen", drawChosen);
  drawVerdict();
  drawMarks();
  drawChosen();
  return () => {
    el.removeEventListener("click", click);
    model.off("change:verdict_html", drawVerdict);
    model.off("change:marks", drawMarks);
    model.off("change:chosen", drawChosen);
  };
}

export default { render };
