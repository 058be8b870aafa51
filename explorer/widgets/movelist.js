// The panel's list of legal moves: one widget, redrawn from data. A click (or Enter on
// a focused button) sends {event: "play", text}; Python plays the move.
function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "rx-movelist";
  el.appendChild(box);
  const draw = () => {
    box.replaceChildren();
    const moves = Array.isArray(model.get("moves")) ? model.get("moves") : [];
    for (const m of moves) {
      if (!m || typeof m.text !== "string") continue;
      const b = document.createElement("button");
      b.className = "rx-button rx-move-button";
      b.dataset.move = m.text;
      b.title = m.text;
      b.textContent = m.label || m.text;
      if (m.rule) {
        const rule = document.createElement("span");
        rule.className = "rx-rule";
        rule.textContent = m.rule;
        b.appendChild(rule);
      }
      b.addEventListener("click", () => model.send({ event: "play", text: m.text }));
      box.appendChild(b);
    }
    const more = Number(model.get("more")) || 0;
    if (more > 0) {
      const note = document.createElement("small");
      note.textContent = `… and ${more} more: type one in the why-not box or click the board`;
      box.appendChild(note);
    }
  };
  model.on("change:moves", draw);
  model.on("change:more", draw);
  draw();
  return () => {
    model.off("change:moves", draw);
    model.off("change:more", draw);
  };
}

export default { render };
