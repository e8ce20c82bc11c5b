// Goldfish page: step through the sample game without reloading.
//
// The server renders a board for every snapshot of the game; without JavaScript only the
// one named by ?step=N is shown and the previous / next links reload the page. Here the
// same links ([data-goto]) and the arrow keys ← → show another pre-rendered board, and
// the address keeps ?step=N so it can still be shared.
(function () {
  "use strict";

  var replay = document.querySelector("[data-replay]");
  if (!replay) {
    return;
  }
  var steps = replay.querySelectorAll("[data-step]");
  var turnLinks = replay.querySelectorAll(".gf-turns [data-goto]");
  var current = parseInt(replay.getAttribute("data-current"), 10) || 0;

  function markTurn() {
    var turn = steps[current].getAttribute("data-turn");
    Array.prototype.forEach.call(turnLinks, function (link) {
      var start = steps[parseInt(link.getAttribute("data-goto"), 10)];
      if (start && start.getAttribute("data-turn") === turn) {
        link.setAttribute("aria-current", "step");
      } else {
        link.removeAttribute("aria-current");
      }
    });
  }

  function show(index) {
    if (isNaN(index) || index < 0 || index >= steps.length || index === current) {
      return;
    }
    steps[current].hidden = true;
    steps[index].hidden = false;
    current = index;
    replay.setAttribute("data-current", String(index));
    markTurn();
    if (window.history && window.history.replaceState && window.URL) {
      var url = new URL(window.location.href);
      url.searchParams.set("step", String(index));
      url.hash = "replay";
      window.history.replaceState(null, "", url.toString());
    }
  }

  replay.addEventListener("click", function (event) {
    var link = event.target.closest("[data-goto]");
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey) {
      return;
    }
    event.preventDefault();
    show(parseInt(link.getAttribute("data-goto"), 10));
  });

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    var target = event.target;
    var tag = (target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "textarea" || tag === "select" || target.isContentEditable) {
      return;
    }
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      show(current - 1);
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      show(current + 1);
    }
  });

  replay.classList.add("gf-js");
  markTurn();
})();
