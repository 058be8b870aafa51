// The live board of the Rules Explorer: shows the scene markup Python drew (`html`, from
// explorer/core/scene.py: the one renderer, the same markup an exported notebook shows)
// and turns clicks into moves. Python sends `html`, `moves` ({text, label, rule,
// targets}), `message`, `node` and `revision`; this file never sees more than the viewer may.
//
// Click to play: a click toggles an element id into the selection (a multiset). The
// legal moves whose targets contain the selection stay candidates (core.move.narrow);
// elements that extend some candidate are highlighted. One move with exactly the
// selected targets and no longer candidate is played; several make a chooser, drawn next
// to the element just clicked (not under the board, maybe far below the fold). A move
// marked `ordered` is reached only when its first target was clicked first (a mode such
// as "raise and lock as exact"), so the rest clicked alone stays a move of its own. A
// click that no candidate allows asks Python why not.

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
      confirm: m.confirm === true,
      ordered: m.ordered === true,
    }));
}

function narrow(moves, selection) {
  return moves.filter((m) => contains(m.targets, selection) &&
    (!m.ordered || !selection.length || selection[0] === m.targets[0]));
}

function exact(moves, selection) {
  return moves.filter((m) => sameMultiset(m.targets, selection));
}

// Redrawing the whole scene at every move would make the browser lay out and style
// every card again (hundreds of elements); most zones do not change from one move to
// the next. `patch` keeps each element whose markup is the same as before and replaces
// only those that differ. An element remembers the markup it was drawn from (`rxSource`)
// and its own tag and attributes (`rxShell`): its live attributes also carry the
// clicks' marks, which are no part of Python's markup.
function shell(el) {
  let key = el.tagName;
  for (const a of el.attributes) key += `\u0001${a.name}=${a.value}`;
  return key;
}

const DEPTH = 8; // scene > zones > zone > row or group > item or zone > ...

function remember(el, source, depth) {
  el.rxSource = source;
  el.rxShell = shell(el);
  if (depth < DEPTH) for (const child of el.children) remember(child, child.outerHTML, depth + 1);
  return el;
}

function patch(live, fresh, source, depth) {
  if (live.rxSource === source) return live;
  const parts = Array.from(fresh.childNodes);
  const same = depth < DEPTH && live.rxShell === shell(fresh) && live.childNodes.length === parts.length &&
    parts.every((part, i) => part.nodeType === live.childNodes[i].nodeType);
  if (!same) {
    live.replaceWith(fresh);
    return remember(fresh, source, depth);
  }
  const kept = Array.from(live.childNodes);
  parts.forEach((part, i) => {
    const old = kept[i];
    if (part.nodeType === Node.ELEMENT_NODE) patch(old, part, part.outerHTML, depth + 1);
    else if (old.nodeValue !== part.nodeValue) old.nodeValue = part.nodeValue;
  });
  live.rxSource = source;
  return live;
}

function setData(node, key, value) {
  if (node.dataset[key] !== value) node.dataset[key] = value;
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
  let anchor = null; // the element clicked last: a chooser is drawn next to it
  let refused = null; // the element whose click was refused: the answer is drawn next to it

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

  // A message answers the last request; once the selection changes it is stale.
  let silenced = false;
  function quiet() {
    silenced = true;
    refused = null;
  }

  function onElement(id, node) {
    if (pending) return;
    const all = moves();
    const next = selection.concat([id]);
    if (all.length && narrow(all, next).length) {
      selection = next;
      anchor = node || null;
      const candidates = narrow(all, selection);
      const done = exact(all, selection);
      if (done.length === 1 && candidates.length === 1 && !done[0].confirm) {
        playMove(done[0]);
      } else {
        chooser = done.length ? done : null;
      }
      quiet();
    } else if (selection.includes(id)) {
      selection.splice(selection.lastIndexOf(id), 1);
      chooser = null;
      quiet();
    } else {
      refused = node || null;
      send({ event: "why", selected: selection.slice(), clicked: id });
    }
    draw();
  }

  // The scene's elements are drawn by Python (explorer/core/scene.py, the one
  // renderer); here they only gain their state. Their clicks and keys are caught once,
  // on the board (below), not element by element at every redraw.
  function decorate(node, legalIds, chosen) {
    const id = node.dataset.id;
    setData(node, "legal", legalIds.has(id) ? "true" : "false");
    setData(node, "selected", String(chosen.get(id) || 0));
    if (node.classList.contains("rx-clickable")) return; // kept from the last drawing
    node.classList.add("rx-clickable");
    node.tabIndex = 0; // cards and cells are reached by keyboard (Enter or Space)
    node.setAttribute("role", "button");
  }

  const elementOf = (ev) => {
    const node = ev.target.closest ? ev.target.closest("[data-id]") : null;
    return node && scene && scene.contains(node) ? node : null;
  };
  root.addEventListener("click", (ev) => {
    const node = elementOf(ev);
    if (!node) return;
    ev.stopPropagation();
    onElement(node.dataset.id, node);
  });
  root.addEventListener("keydown", (ev) => {
    const node = elementOf(ev);
    if (node && (ev.key === "Enter" || ev.key === " ")) {
      ev.preventDefault();
      onElement(node.dataset.id, node);
    }
  });

  // What a person calls an element: its tooltip or its text, not its id.
  function nameOf(id) {
    for (const node of root.querySelectorAll("[data-id]")) {
      if (node.dataset.id !== id) continue;
      if (node.classList.contains("rx-down")) return "a face-down card";
      // the tooltip up to ":" or " (" (a bid cell's goes on with its odds), else the text
      const title = (node.title || "").split(": ")[0].split(" (")[0].trim();
      const text = title.length && title.length <= 40 ? title : (node.querySelector(".rx-text") || {}).textContent;
      if (text) return text;
    }
    return id;
  }

  function selectionText() {
    const parts = [];
    for (const [id, n] of counts(selection)) {
      const held = [...root.querySelectorAll("[data-id]")].filter((x) => x.dataset.id === id).length;
      const name = nameOf(id);
      parts.push(held > 1 || n > 1 ? `${name} ×${n}${held > n ? ` (of ${held})` : ""}` : name);
    }
    return parts.join(" + ");
  }

  function drawControls(all, candidates) {
    const bar = h("div", "rx-controls");
    if (selection.length) {
      const need = Math.min(...candidates.map((m) => m.targets.length));
      const progress = candidates.length && need > selection.length ? ` (${selection.length}/${need} chosen)` : "";
      bar.appendChild(h("span", "rx-selection", `selected: ${selectionText()}${progress}`));
      const clear = h("button", "rx-button rx-clear", "cancel");
      clear.addEventListener("click", () => {
        selection = [];
        chooser = null;
        anchor = null;
        draw();
      });
      bar.appendChild(clear);
    }
    // Moves with no board element (pass, end turn, chance outcomes) are buttons.
    const plain = selection.length ? [] : all.filter((m) => !m.targets.length);
    const offer = chooser || plain;
    if (offer.length) {
      const list = h("div", chooser ? "rx-chooser" : "rx-plain-moves");
      const confirming = chooser && chooser.length === 1 && chooser[0].confirm && candidates.length === 1;
      if (chooser) list.appendChild(h("span", "rx-chooser-title", confirming ? "confirm:" : candidates.length > chooser.length ? "play, or keep clicking:" : "which move?"));
      for (const move of offer.slice(0, 60)) {
        const b = h("button", "rx-button rx-move" + (confirming ? " rx-confirm" : ""), confirming ? `Confirm: ${move.label}` : move.label);
        b.title = `${move.text}${move.rule ? `  [${move.rule}]` : ""}`;
        b.dataset.move = move.text;
        b.addEventListener("click", () => {
          if (!pending) playMove(move);
        });
        list.appendChild(b);
      }
      if (offer.length > 60) list.appendChild(h("small", "", `… and ${offer.length - 60} more in the move list`));
      if (chooser && anchor) {
        list.classList.add("rx-float"); // drawn next to the click (see `place`)
        floating = list;
      } else {
        bar.appendChild(list);
      }
    }
    return bar;
  }

  // The chooser floats just under the element clicked (or above it when there is no
  // room below), inside the board's width: the choice a click leaves is where the
  // player looks, not under the board, where a tall board (Lying Pirates' picker and
  // captains) puts it far below the fold.
  let floating = null;
  function place(list, near) {
    let node = near && near.isConnected ? near : null;
    if (!node && near) {
      const id = near.dataset.id;
      node = [...root.querySelectorAll("[data-id]")].find((x) => x.dataset.id === id) || null;
    }
    if (!node) return false;
    root.appendChild(list);
    const box = root.getBoundingClientRect();
    const at = node.getBoundingClientRect();
    const width = list.offsetWidth;
    const left = Math.max(0, Math.min(at.left - box.left, box.width - width));
    let top = at.bottom - box.top + 4;
    // above the element when there is no room below it: in the window, or in the board
    // (a notebook's output area may clip what hangs out of it)
    const below = Math.min((window.innerHeight || 0) - at.bottom, box.bottom - at.bottom);
    if (below < list.offsetHeight + 8 && at.top - box.top > list.offsetHeight + 4) {
      top = at.top - box.top - list.offsetHeight - 4;
    }
    list.style.left = `${Math.round(left)}px`;
    list.style.top = `${Math.round(top)}px`;
    return true;
  }

  // A rule chip: its id; a click shows the rule's text and tag ("seed", "assumed", ...).
  function ruleChip(rule, cite) {
    const chip = h("button", "rx-rule rx-rule-chip", rule);
    chip.title = cite || rule;
    chip.addEventListener("click", (ev) => {
      ev.stopPropagation();
      const open = chip.nextSibling && chip.nextSibling.classList && chip.nextSibling.classList.contains("rx-cite");
      if (open) chip.nextSibling.remove();
      else chip.after(h("span", "rx-cite", cite || rule));
    });
    return chip;
  }

  function drawMessage() {
    const msg = model.get("message");
    const box = h("div", "rx-message");
    if (msg && typeof msg === "object" && msg.text && !silenced) {
      box.dataset.kind = asText(msg.kind) || "info";
      box.dataset.rule = asText(msg.rule);
      if (msg.rule) box.appendChild(ruleChip(asText(msg.rule), asText(msg.cite)));
      box.appendChild(h("span", "rx-message-text", asText(msg.text)));
    } else {
      box.dataset.kind = "none";
    }
    return box;
  }

  // The scene's markup is used again only when Python sent another one (a click that
  // selects redraws the marks and the controls, not the board), and then only the parts
  // that differ are replaced (see `patch`).
  let drawnHtml = null;
  let scene = null;
  let extra = [];
  function drawScene() {
    const markup = asText(model.get("html"));
    if (markup === drawnHtml && scene && scene.isConnected) return;
    // The markup is Python's own (already escaped there): the one drawing of the scene.
    const parsed = document.createElement("template");
    parsed.innerHTML = markup;
    const fresh = parsed.content.firstElementChild;
    const whole = parsed.content.childNodes.length === 1 && fresh && fresh.classList.contains("rx-scene");
    if (whole && scene && scene.isConnected && scene.classList.contains("rx-scene")) {
      scene = patch(scene, fresh, fresh.outerHTML, 0);
    } else {
      root.replaceChildren(parsed.content);
      scene = root.querySelector(".rx-scene") || root;
      if (scene !== root) remember(scene, scene.outerHTML, 0);
    }
    drawnHtml = markup;
  }

  function draw() {
    try {
      const all = moves();
      const candidates = narrow(all, selection);
      const legalIds = new Set();
      for (const move of candidates) {
        for (const id of move.targets) {
          if (!legalIds.has(id) && narrow(candidates, selection.concat([id])).length) legalIds.add(id);
        }
      }
      for (const old of extra) old.remove(); // the controls sit inside the scene: out first
      extra = [];
      drawScene();
      root.dataset.node = asText(model.get("node"));
      root.dataset.moves = String(all.length);
      root.dataset.candidates = String(candidates.length);
      root.dataset.selected = String(selection.length);
      root.dataset.viewer = asText(scene.dataset.viewer) || "teacher";
      root.dataset.game = asText(scene.dataset.game);
      root.dataset.pending = pending ? "true" : "false";
      const marks = model.get("marks") || {};
      const last = new Set(asList(marks.last).map(asText));
      const changed = new Set(asList(marks.changed).map(asText));
      const chosen = counts(selection);
      for (const node of root.querySelectorAll("[data-id]")) {
        decorate(node, legalIds, chosen);
        if (node.classList.contains("rx-last") !== last.has(node.dataset.id)) node.classList.toggle("rx-last");
      }
      for (const node of root.querySelectorAll("[data-zone]")) {
        if (node.classList.contains("rx-changed") !== changed.has(node.dataset.zone)) node.classList.toggle("rx-changed");
      }
      floating = null;
      extra = [drawControls(all, candidates), drawMessage()];
      const zones = root.querySelector(".rx-zones");
      if (zones) zones.after(...extra);
      else root.append(...extra);
      const answer = extra[1];
      if (refused && answer.dataset.kind === "why") {
        answer.classList.add("rx-float"); // the refusal beside the click it answers
        if (!place(answer, refused)) answer.classList.remove("rx-float");
      }
      if (floating) {
        if (place(floating, anchor)) extra.push(floating);
        else {
          floating.classList.remove("rx-float");
          extra[0].appendChild(floating);
        }
      }
    } catch (err) {
      drawnHtml = null;
      root.replaceChildren(h("div", "rx-message", `board could not draw: ${err}`));
      root.firstChild.dataset.kind = "error";
    }
  }

  // One message from Python may change several traits (a new position and its
  // answer): the board is drawn once, after all of them.
  let queued = false;
  const drawSoon = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      draw();
    });
  };
  const redraw = () => {
    silenced = false;
    selection = [];
    chooser = null;
    anchor = null;
    refused = null;
    pending = false;
    drawSoon();
  };
  const answered = () => {
    pending = false;
    silenced = false; // a new answer is shown
    drawSoon();
  };
  model.on("change:revision", redraw);
  model.on("change:message", answered);
  model.on("change:html", drawSoon);
  model.on("change:marks", drawSoon);
  draw();
  return () => {
    model.off("change:revision", redraw);
    model.off("change:message", answered);
    model.off("change:html", drawSoon);
    model.off("change:marks", drawSoon);
  };
}

export default { render };
