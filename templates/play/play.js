"use strict";
// Tour puzzles (the knight's, Hidato, Numbrix, any leaper's) played in the page: no network,
// no other files. The page's data is the puzzles (givens and the one solution each, and the
// piece's moves when it is not the knight); everything else is built here.
(function () {
  var data = JSON.parse(document.getElementById("puzzle-data").textContent);
  var main = document.getElementById("puzzles");
  var nav = document.querySelector(".contents");
  // The page's words, from the language's play_* phrases (keys without the prefix).
  var words = JSON.parse(document.getElementById("puzzle-words").textContent);

  // The phrase `key` with each {name} replaced by vals.name.
  function t(key, vals) {
    var s = words[key] === undefined ? key : words[key];
    return s.replace(/\{(\w+)\}/g, function (all, name) {
      return vals && vals[name] !== undefined ? String(vals[name]) : all;
    });
  }

  // Files a..z, aa, ab, ... and ranks from the bottom, as the command line writes squares.
  function fileName(c) {
    var s = "";
    c += 1;
    while (c > 0) {
      c -= 1;
      s = String.fromCharCode(97 + (c % 26)) + s;
      c = Math.floor(c / 26);
    }
    return s;
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // A short stable key per puzzle, so progress survives closing the page.
  function storageKey(p) {
    var s = p.rows + "x" + p.cols + (p.closed ? "c" : "o") + p.cells.join(",") +
      (p.moves ? JSON.stringify(p.moves) : "");
    var h = 0x811c9dc5;
    for (var i = 0; i < s.length; i++) {
      h ^= s.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return "knight-tour-puzzle/" + h.toString(16);
  }

  function Game(p, index) {
    var g = this;
    g.p = p;
    g.index = index;
    g.size = p.rows * p.cols;
    g.n = 0;
    for (var i = 0; i < g.size; i++) if (p.cells[i] >= 0) g.n++;
    g.values = p.cells.slice();
    g.undo = [];
    g.redo = [];
    g.typing = -1;
    g.order = false;
    g.hint = false;
    g.checks = 0;
    g.missteps = 0;
    g.revealed = false;
    g.active = -1;
    // The square whose number the next one follows: the last filled square chosen or placed.
    g.anchor = -1;
    g.store = storageKey(p);
    g.build();
    g.restore();
    g.refresh();
  }

  Game.prototype.name = function (i) {
    return fileName(i % this.p.cols) + (this.p.rows - Math.floor(i / this.p.cols));
  };

  Game.prototype.build = function () {
    var g = this, p = g.p, num = index1(g);
    var sec = el("section", "puzzle");
    sec.id = "puzzle-" + num;
    sec.setAttribute("aria-labelledby", sec.id + "-title");
    var h = el("h2", null, t("puzzle", { n: num }));
    h.id = sec.id + "-title";
    sec.appendChild(h);
    var kind = t(p.closed ? "closed" : "open");
    var holes = g.size - g.n;
    var given = 0;
    for (var i = 0; i < g.size; i++) if (p.cells[i] > 0) given++;
    sec.appendChild(el("p", "meta", t("meta", {
      rows: p.rows, cols: p.cols, kind: kind,
      holes: holes ? t(holes === 1 ? "hole_one" : "holes", { k: holes }) : "",
      grade: t("grade_" + p.grade), given: given, n: g.n
    })));

    var bar = el("div", "toolbar");
    bar.setAttribute("role", "toolbar");
    bar.setAttribute("aria-label", t("controls", { n: num }));
    g.buttons = {};
    [["order", t("order"), true], ["hint", t("hint", { k: 1 }), true], ["undo", t("undo")],
     ["redo", t("redo")], ["check", t("check")], ["reveal", t("reveal")], ["clear", t("clear")]
    ].forEach(function (b) {
      var button = el("button", null, b[1]);
      button.type = "button";
      button.dataset.act = b[0];
      if (b[2]) button.setAttribute("aria-pressed", "false");
      button.addEventListener("click", function () { g.act(b[0]); });
      g.buttons[b[0]] = button;
      bar.appendChild(button);
    });
    sec.appendChild(bar);

    var board = el("div", "board");
    board.setAttribute("role", "grid");
    board.setAttribute("aria-label", t("board", { n: num, rows: p.rows, cols: p.cols }));
    board.style.setProperty("--rows", p.rows);
    board.style.setProperty("--cols", p.cols);
    board.style.setProperty("--digits", String(g.n).length);
    g.cellEls = [];
    g.inputs = [];
    for (var r = 0; r < p.rows; r++) {
      var row = el("div", "row");
      row.setAttribute("role", "row");
      var rank = el("div", "rank", String(p.rows - r));
      rank.setAttribute("aria-hidden", "true");
      row.appendChild(rank);
      for (var c = 0; c < p.cols; c++) {
        var idx = r * p.cols + c;
        var cell = el("div", "cell" + ((r + c) % 2 ? " dark" : ""));
        cell.setAttribute("role", "gridcell");
        g.cellEls.push(cell);
        if (p.cells[idx] < 0) {
          cell.className += " hole";
          cell.setAttribute("aria-label", t("blocked", { square: g.name(idx) }));
          g.inputs.push(null);
        } else {
          var input = el("input");
          input.type = "text";
          input.inputMode = "numeric";
          input.autocomplete = "off";
          input.spellcheck = false;
          input.tabIndex = -1;
          input.dataset.square = g.name(idx);
          if (p.cells[idx] > 0) {
            cell.className += " given";
            input.readOnly = true;
          }
          g.wire(input, idx);
          cell.appendChild(input);
          g.inputs.push(input);
        }
        row.appendChild(cell);
      }
      board.appendChild(row);
    }
    var files = el("div", "files");
    files.setAttribute("aria-hidden", "true");
    files.appendChild(el("div", "file"));
    for (var f = 0; f < p.cols; f++) files.appendChild(el("div", "file", fileName(f)));
    board.appendChild(files);
    sec.appendChild(board);

    g.status = el("p", "status");
    g.status.setAttribute("role", "status");
    g.status.setAttribute("aria-live", "polite");
    sec.appendChild(g.status);
    g.progress = el("p", "progress");
    sec.appendChild(g.progress);
    g.section = sec;
    main.appendChild(sec);

    var link = el("a", null, String(num));
    link.href = "#" + sec.id;
    link.setAttribute("aria-label", t("puzzle", { n: num }));
    nav.appendChild(link);
    g.link = link;

    for (var j = 0; j < g.size; j++) {
      if (g.inputs[j]) { g.setActive(j, false); break; }
    }
  };

  function index1(g) { return g.index + 1; }

  Game.prototype.wire = function (input, idx) {
    var g = this;
    input.addEventListener("focus", function () {
      if (g.values[idx] > 0) g.anchor = idx;
      g.setActive(idx, false);
      g.typing = -1;
      input.select();
    });
    input.addEventListener("click", function () {
      if (g.order) g.placeNext(idx);
    });
    input.addEventListener("input", function () {
      if (g.p.cells[idx] !== 0) { g.show(idx); return; }
      var digits = input.value.replace(/\D/g, "");
      var v = digits ? parseInt(digits.slice(-6), 10) : 0;
      // Past the largest number, the last digit typed starts a new number.
      if (v > g.n) v = parseInt(digits.slice(-1), 10);
      g.set([[idx, v]], g.typing === idx);
      g.typing = idx;
    });
    input.addEventListener("keydown", function (e) { g.keydown(e, idx); });
  };

  Game.prototype.keydown = function (e, idx) {
    var g = this, k = e.key, mod = e.ctrlKey || e.metaKey;
    if (mod && (k === "z" || k === "Z")) {
      g.act(e.shiftKey ? "redo" : "undo");
    } else if (mod && (k === "y" || k === "Y")) {
      g.act("redo");
    } else if (mod || e.altKey) {
      return;
    } else if (k === "ArrowUp" || k === "ArrowDown" || k === "ArrowLeft" || k === "ArrowRight") {
      var dr = k === "ArrowUp" ? -1 : k === "ArrowDown" ? 1 : 0;
      var dc = k === "ArrowLeft" ? -1 : k === "ArrowRight" ? 1 : 0;
      g.move(idx, dr, dc);
    } else if (k === " " || k === "Spacebar") {
      g.placeNext(idx);
    } else if (k === "Enter") {
      g.act("check");
    } else if (k === "Delete" || (k === "Backspace" && g.typing !== idx)) {
      if (g.p.cells[idx] === 0 && g.values[idx] > 0) g.set([[idx, 0]], false);
    } else if (k === "h" || k === "H") {
      g.act("hint");
    } else if (k === "o" || k === "O") {
      g.act("order");
    } else if (k === "Backspace" || k === "Tab" || k === "Escape" || k.length !== 1 || /\d/.test(k)) {
      return;
    }
    e.preventDefault();
  };

  Game.prototype.move = function (idx, dr, dc) {
    var p = this.p, r = Math.floor(idx / p.cols) + dr, c = (idx % p.cols) + dc;
    while (r >= 0 && r < p.rows && c >= 0 && c < p.cols) {
      var j = r * p.cols + c;
      if (this.inputs[j]) { this.setActive(j, true); return; }
      r += dr;
      c += dc;
    }
  };

  // One square of the board is in the tab order at a time (a roving tab stop).
  Game.prototype.setActive = function (idx, focus) {
    if (this.active >= 0 && this.inputs[this.active]) this.inputs[this.active].tabIndex = -1;
    this.active = idx;
    this.inputs[idx].tabIndex = 0;
    if (focus) this.inputs[idx].focus();
    if (this.hint) this.refresh();
  };

  // Where each number is, or -1.
  Game.prototype.positions = function () {
    var at = new Int32Array(this.n + 2).fill(-1);
    for (var i = 0; i < this.size; i++) {
      var v = this.values[i];
      if (v > 0 && v <= this.n) at[v] = at[v] === -1 ? i : -2;
    }
    return at;
  };

  // Whether squares a and b are one move of the puzzle's piece apart: its moves are given as
  // [rows, cols] distances, the knight's when the data names none.
  var KNIGHT = [[1, 2], [2, 1]];
  Game.prototype.isMove = function (a, b) {
    var c = this.p.cols, moves = this.p.moves || KNIGHT;
    var dr = Math.abs(Math.floor(a / c) - Math.floor(b / c)), dc = Math.abs((a % c) - (b % c));
    for (var i = 0; i < moves.length; i++) {
      if (moves[i][0] === dr && moves[i][1] === dc) return true;
    }
    return false;
  };

  Game.prototype.neighbour = function (k, d) {
    var m = k + d;
    if (this.p.closed) {
      if (m < 1) m = this.n;
      if (m > this.n) m = 1;
    }
    return m;
  };

  // The number to place next: one after the anchor square's, else the smallest missing.
  Game.prototype.nextNumber = function (at) {
    var v = this.anchor >= 0 ? this.values[this.anchor] : 0;
    if (v > 0) {
      var m = this.neighbour(v, 1);
      if (m >= 1 && m <= this.n && at[m] === -1) return m;
    }
    for (var k = 1; k <= this.n; k++) if (at[k] === -1) return k;
    return 0;
  };

  // Why number k cannot go on square idx, or "" when it can.
  Game.prototype.why = function (k, idx, at) {
    if (this.p.cells[idx] !== 0) return t("why_given");
    if (this.values[idx] > 0) return t("why_holds", { v: this.values[idx] });
    for (var d = -1; d <= 1; d += 2) {
      var m = this.neighbour(k, d);
      if (m >= 1 && m <= this.n && at[m] >= 0 && !this.isMove(at[m], idx)) {
        return t("why_move", { m: m, square: this.name(at[m]) });
      }
    }
    return "";
  };

  Game.prototype.placeNext = function (idx) {
    var at = this.positions(), k = this.nextNumber(at);
    if (!k || this.values[idx] > 0) return;
    var why = this.why(k, idx, at);
    if (why) {
      this.missteps++;
      var cell = this.cellEls[idx];
      cell.classList.remove("flash");
      void cell.offsetWidth;
      cell.classList.add("flash");
      this.say(t("cannot", { k: k, square: this.name(idx), why: why, missteps: this.missteps }));
      return;
    }
    this.set([[idx, k]], false);
    this.setActive(idx, true);
    this.refresh();
  };

  // Applies changes [[square, value], ...] as one undo step (or merged into the last).
  Game.prototype.set = function (changes, merge, reveal) {
    var step = [];
    for (var i = 0; i < changes.length; i++) {
      var idx = changes[i][0], v = changes[i][1];
      if (this.p.cells[idx] !== 0 || this.values[idx] === v) continue;
      step.push([idx, this.values[idx], v]);
      this.values[idx] = v;
      this.cellEls[idx].classList.remove("wrong");
      this.inputs[idx].removeAttribute("aria-invalid");
    }
    if (!step.length) { this.show(changes.length === 1 ? changes[0][0] : -1); return; }
    if (step.length === 1 && step[0][2] > 0) this.anchor = step[0][0];
    step.reveal = reveal === true;
    this.revealed = step.reveal;
    var top = this.undo[this.undo.length - 1];
    if (merge && top && top.length === 1 && step.length === 1 && top[0][0] === step[0][0]) {
      top[0][2] = step[0][2];
    } else {
      this.undo.push(step);
    }
    this.redo = [];
    this.changed();
  };

  Game.prototype.changed = function () {
    this.save();
    this.refresh();
    this.say(this.solved() ? this.solvedMessage() : "");
  };

  Game.prototype.act = function (what) {
    var g = this, i, step;
    if (what === "order" || what === "hint") {
      g[what] = !g[what];
      g.buttons[what].setAttribute("aria-pressed", String(g[what]));
      g.refresh();
      if (what === "order") {
        g.say(g.order ? t("order_on") : "");
      }
    } else if (what === "undo" || what === "redo") {
      var from = what === "undo" ? g.undo : g.redo, to = what === "undo" ? g.redo : g.undo;
      step = from.pop();
      if (!step) return;
      for (i = step.length - 1; i >= 0; i--) {
        g.values[step[i][0]] = what === "undo" ? step[i][1] : step[i][2];
        g.cellEls[step[i][0]].classList.remove("wrong");
        g.inputs[step[i][0]].removeAttribute("aria-invalid");
      }
      to.push(step);
      g.revealed = what === "redo" && step.reveal;
      g.typing = -1;
      g.changed();
    } else if (what === "check") {
      g.check();
    } else if (what === "reveal") {
      step = [];
      for (i = 0; i < g.size; i++) {
        if (g.p.cells[i] === 0 && g.values[i] !== g.p.solution[i]) step.push([i, g.p.solution[i]]);
      }
      if (!step.length) { g.say(t("nothing")); return; }
      g.set(step, false, true);
    } else if (what === "clear") {
      step = [];
      for (i = 0; i < g.size; i++) if (g.p.cells[i] === 0) step.push([i, 0]);
      g.set(step, false);
      g.say(t("cleared"));
    }
  };

  Game.prototype.check = function () {
    var wrong = [], left = 0;
    this.checks++;
    for (var i = 0; i < this.size; i++) {
      if (this.p.cells[i] !== 0) continue;
      var v = this.values[i], bad = v > 0 && v !== this.p.solution[i];
      if (v === 0) left++;
      this.cellEls[i].classList.toggle("wrong", bad);
      if (bad) {
        this.inputs[i].setAttribute("aria-invalid", "true");
        wrong.push(this.name(i) + " (" + v + ")");
      } else {
        this.inputs[i].removeAttribute("aria-invalid");
      }
    }
    if (this.solved()) {
      this.say(this.solvedMessage());
    } else if (wrong.length) {
      this.say(t(wrong.length === 1 ? "mistake_one" : "mistakes",
        { k: wrong.length, list: wrong.join(", "), left: left }));
    } else {
      this.say(t(left === 1 ? "fine_one" : "fine", { left: left }));
    }
  };

  // Solved when every number is placed once and each is a move from the next: the
  // rule itself, not a comparison with the stored solution.
  Game.prototype.solved = function () {
    var at = this.positions();
    for (var k = 1; k <= this.n; k++) if (at[k] < 0) return false;
    for (k = 1; k < this.n; k++) if (!this.isMove(at[k], at[k + 1])) return false;
    return !this.p.closed || this.isMove(at[this.n], at[1]);
  };

  Game.prototype.solvedMessage = function () {
    if (this.revealed) return t("revealed");
    return t("solved", { n: this.n, checks: this.checks, missteps: this.missteps });
  };

  Game.prototype.say = function (text) {
    this.status.textContent = text;
  };

  Game.prototype.show = function (idx) {
    if (idx >= 0 && this.inputs[idx]) {
      var v = this.values[idx];
      this.inputs[idx].value = v > 0 ? String(v) : "";
    }
  };

  // Redraws every square's number, marks, labels and the buttons from the state.
  Game.prototype.refresh = function () {
    var at = this.positions(), next = this.nextNumber(at), placed = 0;
    for (var i = 0; i < this.size; i++) {
      var input = this.inputs[i];
      if (!input) continue;
      var v = this.values[i], cell = this.cellEls[i];
      if (v > 0) placed++;
      var text = v > 0 ? String(v) : "";
      if (input.value !== text && !(this.typing === i && document.activeElement === input &&
        input.value.replace(/\D/g, "") === text)) input.value = text;
      cell.classList.toggle("clash", v > 0 && at[v] === -2);
      cell.classList.toggle("cand", this.hint && next > 0 && !this.why(next, i, at));
      var from = false;
      if (this.hint && next > 0 && v > 0) {
        from = v === this.neighbour(next, -1) || v === this.neighbour(next, 1);
      }
      cell.classList.toggle("from", from);
      input.setAttribute("aria-label", this.name(i) + ": " +
        (this.p.cells[i] > 0 ? t("given_cell", { v: v }) : v > 0 ? String(v) : t("empty")) +
        (cell.classList.contains("cand") ? t("can_go", { k: next }) : ""));
    }
    this.buttons.hint.textContent = next > 0 ? t("hint", { k: next }) : t("hint_none");
    this.buttons.undo.disabled = !this.undo.length;
    this.buttons.redo.disabled = !this.redo.length;
    var done = this.solved();
    this.section.classList.toggle("solved", done && !this.revealed);
    this.section.classList.toggle("revealed", done && this.revealed);
    this.link.classList.toggle("done", done && !this.revealed);
    this.progress.textContent = t("filled", { placed: placed, n: this.n });
  };

  Game.prototype.save = function () {
    try {
      var mine = [];
      for (var i = 0; i < this.size; i++) if (this.p.cells[i] === 0) mine.push(this.values[i]);
      window.localStorage.setItem(this.store, JSON.stringify({ v: mine, r: this.revealed }));
    } catch (e) {
      // Storage may be off (private windows, some file:// settings): play goes on unsaved.
    }
  };

  Game.prototype.restore = function () {
    var saved = null;
    try { saved = JSON.parse(window.localStorage.getItem(this.store) || "null"); } catch (e) { return; }
    if (!saved || !Array.isArray(saved.v)) return;
    var j = 0;
    for (var i = 0; i < this.size; i++) {
      if (this.p.cells[i] !== 0) continue;
      var v = saved.v[j++];
      if (typeof v === "number" && v >= 0 && v <= this.n && v === Math.floor(v)) this.values[i] = v;
    }
    this.revealed = saved.r === true;
    if (this.solved()) this.say(this.solvedMessage());
  };

  var games = data.puzzles.map(function (p, i) { return new Game(p, i); });
  window.knightTourGames = games;
  document.getElementById("print").addEventListener("click", function () { window.print(); });
})();
