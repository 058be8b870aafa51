// The history as a study board (see history.py): numbered rows, who moved, luck and
// forced moves folded in, branches inline where they fork. A click sends {event: "goto",
// id}; the arrow keys send {event: "step", dir: -1 | 1}.
//
// The rows come as edits ({kind: "rows", rev, base, start, delete, insert, current,
// compared, summary}): only the rows that changed are sent and redrawn, so a move costs
// the same at the 200th as at the first. A view that is new, or that missed an edit
// (its revision is not the edit's base), asks for every row with {event: "hello"}.
// "Compare with" is built from the rows only when it is opened; a choice sends
// {event: "compare", id}.
const NO_NODE = -1;

function text(v) {
  return v === undefined || v === null ? "" : String(v);
}

function span(className, content, tag = "span") {
  const el = document.createElement(tag);
  el.className = className;
  el.textContent = content;
  return el;
}

function rowElement(r) {
  const row = document.createElement("div");
  row.className = "rx-study-row" + (r.branch ? " rx-branch" : "");
  row.dataset.id = String(r.id);
  row.setAttribute("role", "option");
  row.setAttribute("aria-selected", "false");
  row.style.paddingLeft = `${4 + 14 * (Number(r.depth) || 0)}px`;
  if (r.branch) row.appendChild(span("rx-fork", "↳ "));
  if (r.number) row.appendChild(span("rx-number", `${r.number}.`));
  if (r.by) row.appendChild(span("rx-by", text(r.by), "b"));
  row.appendChild(span("rx-what", text(r.text)));
  if (r.mark) row.appendChild(span("rx-mark", text(r.mark), "b"));
  for (const t of Array.isArray(r.then) ? r.then : []) row.appendChild(span("rx-then", `· ${text(t)}`));
  if (r.fork) row.appendChild(span("rx-forks", `${r.fork} branch${r.fork > 1 ? "es" : ""}`));
  if (r.comment) row.appendChild(span("rx-note", `✎ ${text(r.comment)}`));
  return row;
}

const wellFormed = (r) => r && typeof r.id === "number";

function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "rx-study";
  box.tabIndex = 0; // focus it, then the arrow keys step through the game
  box.setAttribute("role", "listbox");
  box.setAttribute("aria-label", "history");
  const picker = document.createElement("label");
  picker.className = "rx-compare";
  picker.appendChild(span("rx-compare-label", "compare with "));
  const select = document.createElement("select");
  select.className = "rx-compare-select";
  picker.appendChild(select);
  const summary = span("rx-summary", "", "small");
  el.append(box, picker, summary);

  let rows = []; // the rows as received
  let elements = []; // their elements, in the same order
  let rev = null; // the revision drawn; null until every row came
  let asked = false;
  let current = null;
  let compared = NO_NODE;
  let listed = false; // whether the "compare with" options match the rows

  const ask = () => {
    if (asked) return;
    asked = true;
    model.send({ event: "hello" });
  };

  function option(r) {
    const o = document.createElement("option");
    o.value = String(r.id);
    o.textContent = "\u00a0\u00a0".repeat(Number(r.depth) || 0) + text(r.label);
    return o;
  }

  // Until it is opened the list holds only the chosen row: no work at each move.
  function shortList() {
    const none = document.createElement("option");
    none.value = String(NO_NODE);
    none.textContent = "(pick a position)";
    const chosen = rows.find((r) => r.id === compared);
    select.replaceChildren(none, ...(chosen ? [option(chosen)] : []));
    listed = false;
  }

  function fullList() {
    if (listed) return;
    const none = document.createElement("option");
    none.value = String(NO_NODE);
    none.textContent = "(pick a position)";
    select.replaceChildren(none, ...rows.map(option));
    select.value = String(compared);
    listed = true;
  }

  let marked = null;
  function markCurrent(scroll) {
    if (marked) {
      marked.classList.remove("rx-current");
      marked.setAttribute("aria-selected", "false");
    }
    const i = rows.findIndex((r) => r.id === current);
    marked = i >= 0 ? elements[i] : null;
    if (!marked) return;
    marked.classList.add("rx-current");
    marked.setAttribute("aria-selected", "true");
    // scroll after the frame is laid out, not in the middle of the redraw
    if (scroll) requestAnimationFrame(() => {
      if (!marked || !marked.isConnected) return;
      const top = marked.offsetTop - box.offsetTop;
      if (top < box.scrollTop || top + marked.offsetHeight > box.scrollTop + box.clientHeight) {
        marked.scrollIntoView({ block: "nearest" });
      }
    });
  }

  function apply(msg) {
    if (!msg || msg.kind !== "rows" || typeof msg.rev !== "number") return;
    if (msg.base === null || msg.base === undefined) {
      const all = (Array.isArray(msg.rows) ? msg.rows : []).filter(wellFormed);
      rows = all;
      elements = all.map(rowElement);
      box.replaceChildren(...elements);
      asked = false;
    } else if (msg.base === rev) {
      const start = Number(msg.start) || 0;
      const count = Number(msg.delete) || 0;
      const insert = (Array.isArray(msg.insert) ? msg.insert : []).filter(wellFormed);
      if (start > rows.length || start + count > rows.length) return ask();
      const made = insert.map(rowElement);
      for (const gone of elements.slice(start, start + count)) gone.remove();
      const before = elements[start + count] || null;
      for (const row of made) box.insertBefore(row, before);
      rows.splice(start, count, ...insert);
      elements.splice(start, count, ...made);
    } else {
      return ask(); // an edit of rows this view does not hold
    }
    rev = msg.rev;
    const moved = msg.current !== current;
    current = msg.current;
    compared = typeof msg.compared === "number" ? msg.compared : NO_NODE;
    summary.textContent = text(msg.summary);
    markCurrent(moved);
    if (msg.base === null || msg.delete || (msg.insert && msg.insert.length)) listed = false;
    if (document.activeElement === select) fullList(); // being used: keep every option
    else if (!listed) shortList();
    select.value = String(compared);
  }

  box.addEventListener("click", (ev) => {
    const row = ev.target.closest(".rx-study-row");
    if (row && box.contains(row)) model.send({ event: "goto", id: Number(row.dataset.id) });
  });
  box.addEventListener("keydown", (ev) => {
    const back = ev.key === "ArrowLeft" || ev.key === "ArrowUp";
    const forward = ev.key === "ArrowRight" || ev.key === "ArrowDown";
    if (!back && !forward) return;
    ev.preventDefault();
    model.send({ event: "step", dir: back ? -1 : 1 });
  });
  select.addEventListener("mousedown", fullList);
  select.addEventListener("focus", fullList);
  select.addEventListener("change", () => {
    compared = Number(select.value);
    model.send({ event: "compare", id: compared });
  });

  const onMessage = (msg) => apply(msg);
  model.on("msg:custom", onMessage);
  shortList();
  ask();
  return () => model.off("msg:custom", onMessage);
}

export default { render };
