// The panel's list of legal moves: one widget, redrawn from data. A click (or Enter on
// a focused button) sends {event: "play", text}; Python plays the move. The buttons are
// made again only when the moves change.
function render({ model, el }) {
  const title = document.createElement("small");
  title.className = "rx-movelist-title";
  const box = document.createElement("div");
  box.className = "rx-movelist";
  el.append(title, box);
  let drawn = null; // the moves (as JSON) the buttons show

  const draw = () => {
    title.textContent = String(model.get("title") || "");
    box.dataset.node = String(model.get("node"));
    const moves = Array.isArray(model.get("moves")) ? model.get("moves") : [];
    const more = Number(model.get("more")) || 0;
    const key = JSON.stringify([moves, more]);
    if (key === drawn) return;
    drawn = key;
    const buttons = [];
    for (const m of moves) {
      if (!m || typeof m.text !== "string") continue;
      const b = document.createElement("button");
      b.className = "rx-button rx-move-button";
      b.dataset.move = m.text;
      b.title = m.text;
      const label = document.createElement("span");
      label.className = "rx-move-label";
      label.textContent = m.label || m.text;
      b.appendChild(label);
      if (m.rule) {
        const rule = document.createElement("span");
        rule.className = "rx-rule";
        rule.textContent = m.rule;
        b.appendChild(rule);
      }
      buttons.push(b);
    }
    if (more > 0) {
      const note = document.createElement("small");
      note.textContent = `… and ${more} more: type one in the why-not box or click the board`;
      buttons.push(note);
    }
    box.replaceChildren(...buttons);
  };
  box.addEventListener("click", (ev) => {
    const button = ev.target.closest(".rx-move-button");
    if (button && box.contains(button)) model.send({ event: "play", text: button.dataset.move });
  });
  // one message may change several traits: draw once, after all of them
  let queued = false;
  const later = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      draw();
    });
  };
  for (const key of ["moves", "more", "title", "node"]) model.on(`change:${key}`, later);
  draw();
  return () => {
    for (const key of ["moves", "more", "title", "node"]) model.off(`change:${key}`, later);
  };
}

export default { render };
