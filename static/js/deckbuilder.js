// Deck pages: progressive enhancement of plain forms that work without JavaScript.
//
// In the builder, every form marked data-deck-form is sent with fetch and the header
// `X-Requested-With: fetch`; the same views then answer with JSON
//   {ok, revision, messages: [{level, text}], panels: {name: html}}
// and the panels (entries, validation, statistics, odds, search results) are swapped in.
// Writes are sent one at a time, each from the latest revision this page knows, so quick
// clicks never race each other; an edit made in another tab is still refused (409).
// The card search updates as you type, and its pages are fetched into the panel. Copy
// buttons copy the share link and the list. On phones the builder shows one section at a
// time, behind the tabs Search · Deck · Statistics (issue 29).
(function () {
  "use strict";

  function each(selector, fn, root) {
    Array.prototype.forEach.call((root || document).querySelectorAll(selector), fn);
  }

  // Copy buttons (deck page): shown only when the script runs.
  each("[data-copy]", function (button) {
    var source = document.getElementById(button.getAttribute("data-copy"));
    if (!source) {
      return;
    }
    button.hidden = false;
    button.addEventListener("click", function () {
      var done = function () {
        button.classList.add("copied");
        setTimeout(function () { button.classList.remove("copied"); }, 1500);
      };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(source.value).then(done);
      } else {
        source.select();
        document.execCommand("copy");
        done();
      }
    });
  });

  // Selects and number inputs that submit their form when changed.
  document.addEventListener("change", function (event) {
    var field = event.target;
    if (field.matches && field.matches("[data-deck-autosubmit]") && field.form) {
      field.form.requestSubmit();
    }
  });

  var builder = document.querySelector("[data-builder]");
  if (!builder) {
    return;
  }

  // Phone tabs (issue 29). Without this script the tabs are links to stacked sections; with
  // it, data-active-tab on the builder hides the other tabs' sections, but only under the
  // phone breakpoint (decks.css), so a wider screen keeps every panel. Each tab keeps its
  // own scroll position: back on Search, the player is where they were in the results.
  var tabNav = builder.querySelector("[data-builder-tabs]");
  var phone = window.matchMedia("(max-width: 700px)");
  var tabScroll = {};

  function tabLink(name) {
    return tabNav.querySelector('[data-tab-link="' + name + '"]');
  }

  // Where a tab's content starts on the page: the highest of its sections shown (the CSS
  // may order them differently from the page's source).
  function tabTop(name) {
    var top = Infinity;
    each('[data-tab="' + name + '"]', function (section) {
      var box = section.getBoundingClientRect();
      if (box.height) {
        top = Math.min(top, box.top + window.scrollY);
      }
    }, builder);
    return top === Infinity ? 0 : Math.max(0, top - 8);
  }

  function showTab(name) {
    var before = builder.getAttribute("data-active-tab");
    if (before) {
      tabScroll[before] = window.scrollY;
    }
    builder.setAttribute("data-active-tab", name);
    each("[data-tab-link]", function (link) {
      if (link.getAttribute("data-tab-link") === name) {
        link.setAttribute("aria-current", "true");
      } else {
        link.removeAttribute("aria-current");
      }
    }, tabNav);
    if (name === "deck") {
      tabLink("deck").classList.remove("has-news");
    }
    if (!before || !phone.matches) {
      return;
    }
    var top = tabTop(name);
    var added = name === "deck" ? builder.querySelector(".entry.just-added:not([data-seen])") : null;
    if (added) {
      // The card just added, where it sits in the list: under the deck's verdict when both
      // fit on the screen, else in the middle of it.
      window.scrollTo(0, top);
      added.setAttribute("data-seen", "");
      var box = added.getBoundingClientRect();
      if (box.bottom > window.innerHeight - tabNav.offsetHeight) {
        added.scrollIntoView({ block: "center" });
      }
    } else if (before === name || tabScroll[name] === undefined) {
      window.scrollTo(0, Math.min(window.scrollY, top));
    } else {
      window.scrollTo(0, tabScroll[name]);
    }
  }

  if (tabNav) {
    var fromAddress = /^#builder-(search|deck|stats)$/.exec(window.location.hash);
    showTab(fromAddress ? fromAddress[1] : "search");
    tabNav.addEventListener("click", function (event) {
      var link = event.target.closest("[data-tab-link]");
      if (!link) {
        return;
      }
      event.preventDefault();
      showTab(link.getAttribute("data-tab-link"));
      history.replaceState(null, "", window.location.pathname + window.location.search + link.hash);
    });
  }

  // A card added while the deck is out of sight (a phone on the Search tab): the Deck tab
  // says so until it is opened, and its count pulses once.
  function deckChanged() {
    if (!tabNav || builder.getAttribute("data-active-tab") === "deck") {
      return;
    }
    var link = tabLink("deck");
    link.classList.add("has-news");
    link.classList.remove("pulse");
    void link.offsetWidth; // restart the animation
    link.classList.add("pulse");
  }

  if (!window.fetch || !window.FormData) {
    return;
  }
  var messageBox = builder.querySelector("[data-messages]");
  var searchForm = builder.querySelector("form[data-card-search]");
  var queue = Promise.resolve();

  // Messages take their own place in the page, above the panels: they never cover the
  // list (issue 16). An error out of sight is scrolled into view; a success is not, so the
  // list stays where the player is working.
  function showMessages(list) {
    messageBox.textContent = "";
    (list || []).forEach(function (message) {
      var p = document.createElement("p");
      p.className = "message message-" + message.level;
      p.textContent = message.text;
      messageBox.appendChild(p);
    });
    var failed = (list || []).some(function (message) { return message.level === "error"; });
    var box = messageBox.getBoundingClientRect();
    if (failed && (box.bottom < 0 || box.top > window.innerHeight)) {
      messageBox.scrollIntoView({ block: "nearest" });
    }
  }

  function apply(data) {
    if (data.revision) {
      builder.setAttribute("data-revision", data.revision);
      each('input[name="revision"]', function (input) { input.value = data.revision; }, builder);
    }
    Object.keys(data.panels || {}).forEach(function (name) {
      var panel = builder.querySelector('[data-panel="' + name + '"]');
      if (panel) {
        // A fold the player opened (the missing cards on a phone) stays open.
        var open = [];
        each("details", function (fold, index) {
          if (fold.open) {
            open.push(index);
          }
        }, panel);
        panel.innerHTML = data.panels[name];
        each("details", function (fold, index) {
          if (open.indexOf(index) !== -1) {
            fold.open = true;
          }
        }, panel);
      }
    });
    if (data.messages) {
      showMessages(data.messages);
    }
  }

  function fetchJson(url, options) {
    options.headers = { "X-Requested-With": "fetch" };
    options.credentials = "same-origin";
    return fetch(url, options).then(function (response) {
      var type = response.headers.get("Content-Type") || "";
      if (type.indexOf("application/json") === -1) {
        throw new Error("HTTP " + response.status);
      }
      return response.json();
    });
  }

  function currentQuery() {
    return searchForm ? searchForm.elements.q.value.trim() : "";
  }

  // The page of search results shown, so a write re-renders that same page.
  function currentPage() {
    var shown = builder.querySelector("[data-results-page]");
    return shown ? shown.getAttribute("data-results-page") : "1";
  }

  function send(form, submitter) {
    var body = new FormData(form, submitter || undefined);
    queue = queue.then(function () {
      body.set("revision", builder.getAttribute("data-revision"));
      if (currentQuery()) {
        body.set("q", currentQuery());
        body.set("page", currentPage());
      } else {
        body.delete("q");
        body.delete("page");
      }
      builder.classList.add("is-busy");
      return fetchJson(form.action, { method: "POST", body: body })
        .then(function (data) {
          apply(data);
          if (data.ok && data.fields) {
            // What was stored: tags come back trimmed, lower-cased and without repeats.
            Object.keys(data.fields).forEach(function (name) {
              each('[name="' + name + '"]', function (input) { input.value = data.fields[name]; }, form);
            });
          }
          if (data.ok && form.hasAttribute("data-adds-cards")) {
            deckChanged();
          }
          if (data.ok && form.hasAttribute("data-reset-on-success")) {
            each("textarea", function (area) { area.value = ""; }, form);
          }
        })
        .catch(function () {
          showMessages([{ level: "error", text: builder.getAttribute("data-error-text") }]);
        })
        .then(function () {
          builder.classList.remove("is-busy");
        });
    });
  }

  // Enter in a count commits it like leaving the field does: one change, one request.
  builder.addEventListener("keydown", function (event) {
    var field = event.target;
    if (event.key === "Enter" && field.matches("input[data-deck-autosubmit]")) {
      event.preventDefault();
      field.blur();
    }
  });

  builder.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.hasAttribute("data-deck-form")) {
      return;
    }
    event.preventDefault();
    send(form, event.submitter);
  });

  // The card search: results as you type (debounced), and the address keeps the query.
  if (searchForm) {
    var timer = null;
    var running = null;
    var search = function () {
      var params = new URLSearchParams(new FormData(searchForm));
      var url = searchForm.action + "?" + params.toString();
      if (running) {
        running.abort();
      }
      running = new AbortController();
      fetchJson(url, { signal: running.signal })
        .then(function (data) {
          apply({ panels: data.panels });
          history.replaceState(null, "", url);
        })
        .catch(function () { /* aborted by a newer search, or offline: keep the results */ });
    };
    searchForm.elements.q.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(search, 300);
    });
    searchForm.addEventListener("submit", function (event) {
      event.preventDefault();
      clearTimeout(timer);
      search();
    });

    // Previous / next page of results: fetched into the panel, the address follows.
    builder.addEventListener("click", function (event) {
      var link = event.target.closest ? event.target.closest("a[data-search-page]") : null;
      if (!link || event.ctrlKey || event.metaKey || event.shiftKey) {
        return;
      }
      event.preventDefault();
      fetchJson(link.href, {})
        .then(function (data) {
          apply({ panels: data.panels });
          history.replaceState(null, "", link.href);
          var count = builder.querySelector('[data-panel="results"] .result-count');
          if (count) {
            count.setAttribute("tabindex", "-1");
            count.focus({ preventScroll: true });
            count.scrollIntoView({ block: "nearest" });
          }
        })
        .catch(function () {
          window.location.href = link.href;
        });
    });
  }
})();
