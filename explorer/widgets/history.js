// The history as a study board (see history.py): numbered rows, who moved, luck and
// forced moves folded in, branches inline where they fork. A click sends {event: "goto",
// id}; the arrow keys send {event: "step", dir: -1 | 1}.
function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "rx-study";
  box.tabIndex = 0; // focus it, then the arrow keys step through the game
  box.setAttribute("role", "listbox");
  box.setAttribute("aria-label", "history");
  el.appendChild(box);

  const text = (v) => (v === undefined || v === null ? "" : String(v));

  const draw = () => {
    box.replaceChildren();
    const rows = Array.isArray(model.get("rows")) ? model.get("rows") : [];
    for (const r of rows) {
      if (!r || typeof r.id !== "number") continue;
      const row = document.createElement("div");
      row.className = "rx-study-row" + (r.current ? " rx-current" : "") + (r.branch ? " rx-branch" : "");
      row.dataset.id = String(r.id);
      row.setAttribute("role", "option");
      row.setAttribute("aria-selected", r.current ? "true" : "false");
      row.style.paddingLeft = `${4 + 14 * (Number(r.depth) || 0)}px`;
      if (r.branch) row.appendChild(Object.assign(document.createElement("span"), { className: "rx-fork", textContent: "↳ " }));
      if (r.number) row.appendChild(Object.assign(document.createElement("span"), { className: "rx-number", textContent: `${r.number}.` }));
      if (r.by) row.appendChild(Object.assign(document.createElement("b"), { className: "rx-by", textContent: text(r.by) }));
      row.appendChild(Object.assign(document.createElement("span"), { className: "rx-what", textContent: text(r.text) }));
      for (const t of Array.isArray(r.then) ? r.then : []) {
        row.appendChild(Object.assign(document.createElement("span"), { className: "rx-then", textContent: `· ${text(t)}` }));
      }
      if (r.fork) row.appendChild(Object.assign(document.createElement("span"), { className: "rx-forks", textContent: `${r.fork} branch${r.fork > 1 ? "es" : ""}` }));
      if (r.comment) row.appendChild(Object.assign(document.createElement("span"), { className: "rx-note", textContent: `✎ ${text(r.comment)}` }));
      row.addEventListener("click", () => model.send({ event: "goto", id: r.id }));
      box.appendChild(row);
    }
    const current = box.querySelector(".rx-current");
    if (current && current.scrollIntoView) current.scrollIntoView({ block: "nearest" });
  };

  box.addEventListener("keydown", (ev) => {
    const back = ev.key === "ArrowLeft" || ev.key === "ArrowUp";
    const forward = ev.key === "ArrowRight" || ev.key === "ArrowDown";
    if (!back && !forward) return;
    ev.preventDefault();
    model.send({ event: "step", dir: back ? -1 : 1 });
  });
  model.on("change:rows", draw);
  model.on("change:current", draw);
  draw();
  return () => {
    model.off("change:rows", draw);
    model.off("change:current", draw);
  };
}

export default { render };
