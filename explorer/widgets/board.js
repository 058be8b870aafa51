// The live board of the Rules Explorer: draws a scene (see explorer/core/scene.py) and
// turns clicks into moves. Python sends `scene`, `moves` ({text, label, rule, targets}),
// `message`, `node` and `revision`; this file never sees more than the viewer may.
//
// Click to play: a click toggles an element id into the selection (a multiset). The
// legal moves whose targets contain the selection stay candidates (core.move.narrow);
// elements that extend some candidate are highlighted. One move with exactly the
// selected targets and no longer candidate is played; several make a chooser. A click
// that no candidate allows asks Python why not.

const KIND_CLASSES = new Set(["card", "token", "cell", "counter", "die"]);

function asList(value) {
  return Array.isArray(value) ? value : [];
}

function asText(value) {
  return value === undefined || value === null ? "" : String(value);
}

function counts(ids) {
  const out = new Map();
  for (const id of ids) out.set(id, (out.get(id) || 0) + 1);
  return out;
}

function contains(targets, selection) {
  const have = counts(targets);
  for (const [id, n] of counts(selection)) if ((have.get(id) || 0) < n) return false;
  return true;
}

function sameMultiset(a, b) {
  return a.length === b.length && contains(a, b);
}

// Only well-formed moves take part; anything odd from the kernel is ignored.
function cleanMoves(raw) {
  return asList(raw)
    .filter((m) => m && typeof m.text === "string")
    .map((m) => ({
      text: m.text,
      label: asText(m.label) || m.text,
      rule: asText(m.rule),
      targets: asList(m.targets).map(asText),
    }));
}

function narrow(moves, selection) {
  return moves.filter((m) => contains(m.targets, selection));
}

function exact(moves, selection) {
  return moves.filter((m) => sameMultiset(m.targets, selection));
}

// Black or white text, whichever reads better on `color` (a #rgb or #rrggbb fill).
function inkFor(color) {
  const hex = asText(color).replace("#", "");
  const full = hex.length === 3 ? hex.split("").map((c) => c + c).join("") : hex;
  if (!/^[0-9a-fA-F]{6}$/.test(full)) return "#111";
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
  return 0.299 * r + 0.587 * g + 0.114 * b > 140 ? "#111" : "#fff";
}

function h(tag, className, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

function render({ model, el }) {
  let selection = [];
  let chooser = null; // moves offered when a selection is ambiguous
  let pending = false; // a play request is on its way to Python

  const root = h("div", "rx-board");
  el.appendChild(root);

  const send = (msg) => {
    try {
      model.send(msg);
    } catch (err) {
      showLocal("error", `could not reach the kernel: ${err}`);
    }
  };

  const showLocal = (kind, text) => {
    const box = root.querySelector(".rx-message");
    if (!box) return;
    box.dataset.kind = kind;
    box.dataset.rule = "";
    box.textContent = text;
  };

  const moves = () => cleanMoves(model.get("moves"));

  function playMove(move) {
    pending = true;
    root.dataset.pending = "true";
    send({ event: "play", text: move.text });
  }

  function onElement(id) {
    if (pending) return;
    const all = moves();
    const next = selection.concat([id]);
    if (all.length && narrow(all, next).length) {
      selection = next;
      const candidates = narrow(all, selection);
      const done = exact(all, selection);
      if (done.length === 1 && candidates.length === 1) {
        playMove(done[0]);
      } else {
        chooser = done.length ? done : null;
      }
    } else if (selection.includes(id)) {
      selection.splice(selection.lastIndexOf(id), 1);
      chooser = null;
    } else {
      send({ event: "why", selected: selection.slice(), clicked: id });
    }
    draw();
  }

  function drawItem(item, legalIds) {
    const kind = KIND_CLASSES.has(item.kind) ? item.kind : "card";
    const down = item.face === "down";
    const node = h("div", `rx-item rx-${kind}${down ? " rx-down" : ""}`);
    const id = asText(item.id);
    if (!down) {
      const fill = asText(item.color) || (kind === "cell" ? "#f3f1ec" : "#ffffff");
      node.style.background = fill;
      node.style.color = inkFor(fill);
      node.appendChild(h("b", "rx-text", asText(item.text)));
    }
    if (item.sub !== undefined && item.sub !== null && item.sub !== "") node.appendChild(h("small", "rx-sub", asText(item.sub)));
    const badges = asList(item.badges);
    if (badges.length) {
      const row = h("div", "rx-badges");
      for (const b of badges) row.appendChild(h("span", "rx-badge", asText(b)));
      node.appendChild(row);
    }
    if (item.title) node.title = asText(item.title);
    if (typeof item.x === "number" && typeof item.y === "number") {
      node.dataset.x = String(item.x);
      node.dataset.y = String(item.y);
    }
    if (id) {
      const chosen = selection.filter((s) => s === id).length;
      node.dataset.id = id;
      node.dataset.legal = legalIds.has(id) ? "true" : "false";
      node.dataset.selected = String(chosen);
      node.classList.add("rx-clickable");
      node.addEventListener("click", (ev) => {
        ev.stopPropagation();
        onElement(id);
      });
    }
    return node;
  }

  function drawGrid(items, legalIds) {
    const body = h("div", "rx-grid");
    const placed = items.filter((i) => typeof i.x === "number" && typeof i.y === "number");
    if (!placed.length) {
      body.appendChild(h("i", "rx-empty", "empty"));
      return body;
    }
    const xs = placed.map((i) => i.x);
    const ys = placed.map((i) => i.y);
    const x0 = Math.min(...xs);
    const y0 = Math.min(...ys);
    const cols = Math.max(...xs) - x0 + 1;
    const rows = Math.max(...ys) - y0 + 1;
    // Columns shrink to fit the width and grow to 64px: the grid fits the view as it grows.
    body.style.gridTemplateColumns = `repeat(${cols}, minmax(0, 64px))`;
    body.dataset.cols = String(cols);
    body.dataset.rows = String(rows);
    for (const item of placed) {
      const node = drawItem(item, legalIds);
      node.style.gridColumn = String(item.x - x0 + 1);
      node.style.gridRow = String(item.y - y0 + 1);
      body.appendChild(node);
    }
    return body;
  }

  function drawZone(zone, legalIds, depth) {
    const box = h("div", "rx-zone");
    box.dataset.zone = asText(zone.id);
    if (zone.highlight) box.classList.add("rx-highlight");
    const head = h("div", "rx-zone-head");
    head.appendChild(h("span", "rx-zone-label", asText(zone.label)));
    if (zone.note) head.appendChild(h("small", "rx-zone-note", asText(zone.note)));
    box.appendChild(head);
    const layout = asText(zone.layout) || "row";
    const items = asList(zone.items).filter((i) => i && typeof i === "object");
    if (layout === "group" && depth < 6) {
      const body = h("div", "rx-group");
      for (const sub of asList(zone.zones)) {
        if (sub && typeof sub === "object") body.appendChild(drawZone(sub, legalIds, depth + 1));
      }
      box.appendChild(body);
    } else if (layout === "grid") {
      box.appendChild(drawGrid(items, legalIds));
    } else {
      const body = h("div", "rx-row");
      for (const item of items) body.appendChild(drawItem(item, legalIds));
      box.appendChild(body);
    }
    return box;
  }

  function drawControls(all, candidates) {
    const bar = h("div", "rx-controls");
    if (selection.length) {
      bar.appendChild(h("span", "rx-selection", `selected: ${selection.join(" + ")}`));
      const clear = h("button", "rx-button rx-clear", "clear");
      clear.addEventListener("click", () => {
        selection = [];
        chooser = null;
        draw();
      });
      bar.appendChild(clear);
    }
    // Moves with no board element (pass, end turn, chance outcomes) are buttons.
    const plain = selection.length ? [] : all.filter((m) => !m.targets.length);
    const offer = chooser || plain;
    if (offer.length) {
      const list = h("div", chooser ? "rx-chooser" : "rx-plain-moves");
      if (chooser) list.appendChild(h("span", "rx-chooser-title", candidates.length > chooser.length ? "play, or keep clicking:" : "which move?"));
      for (const move of offer.slice(0, 60)) {
        const b = h("button", "rx-button rx-move", move.label);
        b.title = `${move.text}${move.rule ? `  [${move.rule}]` : ""}`;
        b.dataset.move = move.text;
        b.addEventListener("click", () => {
          if (!pending) playMove(move);
        });
        list.appendChild(b);
      }
      if (offer.length > 60) list.appendChild(h("small", "", `… and ${offer.length - 60} more in the move list`));
      bar.appendChild(list);
    }
    return bar;
  }

  function drawMessage() {
    const msg = model.get("message");
    const box = h("div", "rx-message");
    if (msg && typeof msg === "object" && msg.text) {
      box.dataset.kind = asText(msg.kind) || "info";
      box.dataset.rule = asText(msg.rule);
      if (msg.rule) box.appendChild(h("span", "rx-rule", asText(msg.rule)));
      box.appendChild(h("span", "rx-message-text", asText(msg.text)));
    } else {
      box.dataset.kind = "none";
    }
    return box;
  }

  function draw() {
    try {
      const scene = model.get("scene") || {};
      const all = moves();
      const candidates = narrow(all, selection);
      const legalIds = new Set();
      for (const move of candidates) {
        for (const id of move.targets) {
          if (!legalIds.has(id) && narrow(candidates, selection.concat([id])).length) legalIds.add(id);
        }
      }
      root.replaceChildren();
      root.dataset.node = asText(model.get("node"));
      root.dataset.moves = String(all.length);
      root.dataset.candidates = String(candidates.length);
      root.dataset.selected = String(selection.length);
      root.dataset.viewer = scene.viewer === null || scene.viewer === undefined ? "teacher" : asText(scene.viewer);
      root.dataset.game = asText(scene.game);
      root.dataset.pending = pending ? "true" : "false";

      const head = h("div", "rx-head");
      head.appendChild(h("b", "rx-title", asText(scene.title)));
      head.appendChild(h("span", "rx-status", asText(scene.status)));
      head.appendChild(h("span", "rx-viewer", scene.viewer === null || scene.viewer === undefined ? "teacher view" : `Player ${asText(scene.viewer)}'s view`));
      root.appendChild(head);

      const zones = h("div", "rx-zones");
      for (const zone of asList(scene.zones)) {
        if (zone && typeof zone === "object") zones.appendChild(drawZone(zone, legalIds, 0));
      }
      root.appendChild(zones);
      root.appendChild(drawControls(all, candidates));
      root.appendChild(drawMessage());

      const events = asList(scene.events).filter((e) => e && typeof e === "object");
      const list = h("ul", "rx-events");
      for (const e of events.slice(-8)) {
        const li = h("li", "", asText(e.text));
        if (e.rule) li.appendChild(h("small", "rx-rule", asText(e.rule)));
        list.appendChild(li);
      }
      root.appendChild(list);
    } catch (err) {
      root.replaceChildren(h("div", "rx-message", `board could not draw: ${err}`));
      root.firstChild.dataset.kind = "error";
    }
  }

  const redraw = () => {
    selection = [];
    chooser = null;
    pending = false;
    draw();
  };
  const answered = () => {
    pending = false;
    draw();
  };
  model.on("change:revision", redraw);
  model.on("change:message", answered);
  draw();
  return () => {
    model.off("change:revision", redraw);
    model.off("change:message", answered);
  };
}

export default { render };
