// Game page (issue 28): while it is the other player's decision, ask the game's API every
// second whether a move was made (its count of decisions grew) or the game ended, and reload the page
// then: a friend's move shows up by itself. Without JavaScript a meta refresh reloads it.
(function () {
  "use strict";

  var page = document.querySelector("[data-game]");
  if (!page || !window.fetch) {
    return;
  }
  var url = page.getAttribute("data-api");
  var moves = Number(page.getAttribute("data-moves"));
  var started = page.getAttribute("data-started") === "1";
  var POLL_MS = 1000;
  var RETRY_MS = 3000;

  function poll() {
    fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (response) {
        if (!response.ok) {
          throw new Error(String(response.status));
        }
        return response.json();
      })
      .then(function (view) {
        var changed = view.moves !== moves || (view.state !== null) !== started;
        if (changed || view.result || view.legal_actions.length) {
          window.location.reload();
          return;
        }
        window.setTimeout(poll, POLL_MS);
      })
      .catch(function () {
        window.setTimeout(poll, RETRY_MS);
      });
  }
  window.setTimeout(poll, POLL_MS);
})();
