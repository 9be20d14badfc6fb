// Plays the page's puzzles through its own controls (buttons, squares, keys) and writes what
// it saw into a pre element, id driver-report, for the test to read from the dumped DOM.
// SOLUTIONS (row-major move numbers per puzzle, 0 on blocked squares) is set by the test.
(function () {
  var report = { errors: [] };
  function cells(sec) { return sec.querySelectorAll(".cell"); }
  function inputAt(sec, i) { return cells(sec)[i].querySelector("input"); }
  function btn(sec, act) { return sec.querySelector('button[data-act="' + act + '"]'); }
  function status(sec) { return sec.querySelector(".status").textContent; }
  function fire(input) { input.dispatchEvent(new Event("input", { bubbles: true })); }
  function type(input, text) { input.focus(); input.value = text; fire(input); }
  function key(target, k, extra) {
    var init = { key: k, bubbles: true, cancelable: true };
    for (var f in extra || {}) init[f] = extra[f];
    target.dispatchEvent(new KeyboardEvent("keydown", init));
  }
  function press(input) { input.focus(); input.click(); }
  function values(sec) {
    return Array.prototype.map.call(cells(sec), function (c) {
      var i = c.querySelector("input");
      return i ? i.value : "#";
    });
  }
  // One move of the puzzle's piece apart: MOVES (from the test's own move list) as
  // [rows, cols] distances.
  function isMove(a, b, cols) {
    var dr = Math.abs(Math.floor(a / cols) - Math.floor(b / cols)), dc = Math.abs(a % cols - b % cols);
    return MOVES.some(function (m) { return m[0] === dr && m[1] === dc; });
  }
  try {
    var sections = document.querySelectorAll("section.puzzle");
    report.sections = sections.length;
    report.navLinks = document.querySelectorAll(".contents a").length;

    // Puzzle 1: keys, a wrong entry checked and undone, clicks in order, typing; solved.
    var sec = sections[0], s = SOLUTIONS[0], n = 0, where = [];
    var cols = parseInt(sec.querySelector(".board").style.getPropertyValue("--cols"), 10);
    s.forEach(function (v, i) { if (v > 0) { where[v] = i; n++; } });
    var given = function (i) { return inputAt(sec, i).readOnly; };
    var r = report.first = { n: n, cols: cols };

    inputAt(sec, 0).focus();
    key(inputAt(sec, 0), "ArrowRight");
    r.arrowRight = document.activeElement === inputAt(sec, 1);
    key(document.activeElement, "ArrowDown");
    r.arrowDown = document.activeElement === inputAt(sec, 1 + cols);
    r.tabStops = Array.prototype.filter.call(sec.querySelectorAll(".cell input"),
      function (i) { return i.tabIndex === 0; }).length;

    var blank = -1;
    for (var i = 0; i < s.length && blank < 0; i++) if (s[i] > 0 && !given(i)) blank = i;
    var wrong = s[blank] % n + 1;
    type(inputAt(sec, blank), String(wrong));
    btn(sec, "check").click();
    r.wrongValue = inputAt(sec, blank).value;
    r.wrongMarked = cells(sec)[blank].classList.contains("wrong") &&
      inputAt(sec, blank).getAttribute("aria-invalid") === "true";
    r.marks = sec.querySelectorAll(".cell.wrong").length;
    r.wrongStatus = status(sec);
    btn(sec, "undo").click();
    r.undone = inputAt(sec, blank).value === "" && !cells(sec)[blank].classList.contains("wrong");

    // Clicks in order for the first half, with one misstep and one look at the hint.
    btn(sec, "order").click();
    r.orderPressed = btn(sec, "order").getAttribute("aria-pressed");
    var half = Math.floor(n / 2), tried = false, hinted = false;
    for (var k = 1; k <= half; k++) {
      var at = inputAt(sec, where[k]);
      if (given(where[k])) { press(at); continue; }
      if (k > 1 && !tried) {
        for (var j = 0; j < s.length; j++) {
          var c = inputAt(sec, j);
          if (c && c.value === "" && j !== where[k] && !isMove(j, where[k - 1], cols)) {
            press(c);
            r.misstepValue = c.value;
            r.misstepStatus = status(sec);
            tried = true;
            break;
          }
        }
      }
      if (k > 1 && !hinted) {
        btn(sec, "hint").click();
        var cand = sec.querySelectorAll(".cell.cand");
        r.hint = {
          label: btn(sec, "hint").textContent, number: k, count: cand.length,
          includesAnswer: cells(sec)[where[k]].classList.contains("cand"),
          allMoves: Array.prototype.every.call(cand, function (el) {
            return isMove(Array.prototype.indexOf.call(cells(sec), el), where[k - 1], cols);
          })
        };
        btn(sec, "hint").click();
        r.hintOff = sec.querySelectorAll(".cell.cand").length;
        hinted = true;
      }
      press(at);
      if (at.value !== String(k)) report.errors.push("order click put " + at.value + " for " + k);
    }
    btn(sec, "order").click();

    // The rest typed; one number digit by digit (undone and redone), one by Space.
    var digitwise = false, spaced = false;
    for (k = half + 1; k <= n; k++) {
      var t = inputAt(sec, where[k]);
      if (given(where[k])) continue;
      if (!spaced && !given(where[k - 1])) {
        inputAt(sec, where[k - 1]).focus();
        t.focus();
        key(t, " ");
        r.spaceValue = t.value;
        r.spaceNumber = k;
        spaced = true;
        continue;
      }
      if (!digitwise && k >= 10) {
        t.focus();
        t.value = String(k).slice(0, 1);
        fire(t);
        t.value = String(k);
        fire(t);
        r.digitwise = t.value;
        btn(sec, "undo").click();
        r.digitwiseUndone = t.value;
        btn(sec, "redo").click();
        r.digitwiseRedone = t.value;
        digitwise = true;
        continue;
      }
      type(t, String(k));
    }
    r.solved = sec.classList.contains("solved");
    r.status = status(sec);
    r.navDone = document.querySelectorAll(".contents a")[0].classList.contains("done");

    // Two entered numbers swapped: every move but two still fits, so only a page that checks
    // each square against the rule sees it; it must not call the grid solved, and Check must
    // mark exactly the two squares. Swapped back, the grid is solved again.
    var open = [];
    for (i = 0; i < s.length && open.length < 2; i++) if (s[i] > 0 && !given(i)) open.push(i);
    var va = inputAt(sec, open[0]).value, vb = inputAt(sec, open[1]).value;
    type(inputAt(sec, open[0]), vb);
    type(inputAt(sec, open[1]), va);
    r.swappedSolved = sec.classList.contains("solved");
    btn(sec, "check").click();
    var marked = Array.prototype.map.call(sec.querySelectorAll(".cell.wrong"), function (el) {
      return Array.prototype.indexOf.call(cells(sec), el);
    });
    r.swappedMarks = marked.length;
    r.swappedMarkedThem = marked.indexOf(open[0]) >= 0 && marked.indexOf(open[1]) >= 0;
    type(inputAt(sec, open[0]), va);
    type(inputAt(sec, open[1]), vb);
    r.solvedAgain = sec.classList.contains("solved");
    r.values = values(sec);

    // Puzzle 2: reveal, then undo.
    if (sections.length > 1) {
      var sec2 = sections[1], r2 = report.second = {};
      btn(sec2, "reveal").click();
      r2.revealed = sec2.classList.contains("revealed");
      r2.solvedClass = sec2.classList.contains("solved");
      r2.status = status(sec2);
      r2.values = values(sec2);
      btn(sec2, "undo").click();
      r2.afterUndo = values(sec2);
    }
  } catch (e) {
    report.errors.push(String(e && e.stack || e));
  }
  var pre = document.createElement("pre");
  pre.id = "driver-report";
  pre.textContent = JSON.stringify(report);
  document.body.appendChild(pre);
})();
