// Game page (issue 28): while it is the other player's decision, listen to the game's
// event stream (server-sent events, engine/play_events.py); when the other player moves,
// joins or the game ends, fetch the page again and put its game in place of this one — no
// reload. Browsers without EventSource ask the game's API every second instead. Without
// JavaScript a meta refresh reloads the page.
(function () {
  "use strict";

  var POLL_MS = 1000;
  var RETRY_MS = 3000;

  function current() {
    return document.querySelector("[data-game]");
  }

  function waiting(page) {
    return page && page.getAttribute("data-finished") !== "1" && !page.querySelector("[data-actions]");
  }

  function redraw() {
    fetch(window.location.href, { credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) {
          throw new Error(String(response.status));
        }
        return response.text();
      })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("[data-game]");
        var page = current();
        if (!fresh || !page) {
          window.location.reload();
          return;
        }
        page.replaceWith(fresh);
        var heading = fresh.querySelector("[data-actions] h2");
        if (heading) {
          heading.setAttribute("tabindex", "-1");
          heading.focus();
        }
        listen();
      })
      .catch(function () {
        window.setTimeout(redraw, RETRY_MS);
      });
  }

  function stream(page) {
    var query = "?after=" + page.getAttribute("data-moves");
    query += "&joined=" + (page.getAttribute("data-started") === "1" ? "1" : "0");
    var source = new EventSource(page.getAttribute("data-events") + query);
    source.addEventListener("move", function () {
      source.close();
      redraw();
    });
  }

  function poll(page) {
    var moves = Number(page.getAttribute("data-moves"));
    var started = page.getAttribute("data-started") === "1";
    fetch(page.getAttribute("data-api"), {
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    })
      .then(function (response) {
        if (!response.ok) {
          throw new Error(String(response.status));
        }
        return response.json();
      })
      .then(function (view) {
        var changed = view.moves !== moves || (view.state !== null) !== started;
        if (changed || view.result || view.legal_actions.length) {
          redraw();
          return;
        }
        window.setTimeout(function () {
          poll(page);
        }, POLL_MS);
      })
      .catch(function () {
        window.setTimeout(function () {
          poll(page);
        }, RETRY_MS);
      });
  }

  function listen() {
    var page = current();
    if (!waiting(page)) {
      return;
    }
    if (window.EventSource) {
      stream(page);
    } else if (window.fetch) {
      window.setTimeout(function () {
        poll(page);
      }, POLL_MS);
    }
  }

  if (window.fetch) {
    listen();
  }
})();
