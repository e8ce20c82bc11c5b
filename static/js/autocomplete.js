// Card-name suggestions under every search box that asks for them (issue 15, item 4).
//
// <input data-autocomplete="/api/cards/autocomplete/"> becomes an ARIA combobox: typing
// two or more characters lists up to ten cards, named in the page's language (the API's
// `lang`). ArrowDown/ArrowUp move through them, Enter opens the highlighted card (or, with
// data-autocomplete-mode="fill", puts its name in the box, as the deck builder wants),
// Escape closes the list. Without a highlighted card, Enter submits the search as before.
// data-autocomplete-game="pad" lists the cards of one game only.
(function () {
  "use strict";

  var MIN_LENGTH = 2;
  var DELAY_MS = 150;
  var counter = 0;

  function enhance(input) {
    var endpoint = input.dataset.autocomplete;
    var fill = input.dataset.autocompleteMode === "fill";
    var id = "autocomplete-" + ++counter;
    var list = document.createElement("ul");
    list.id = id;
    list.className = "autocomplete-list";
    list.setAttribute("role", "listbox");
    list.setAttribute("aria-label", input.getAttribute("aria-label") || "");
    list.hidden = true;
    var wrapper = document.createElement("div");
    wrapper.className = "autocomplete";
    input.parentNode.insertBefore(wrapper, input);
    wrapper.appendChild(input);
    wrapper.appendChild(list);

    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-expanded", "false");
    input.setAttribute("aria-controls", id);
    input.setAttribute("autocomplete", "off");

    var active = -1;
    var timer = null;
    var controller = null;
    var lastQuery = null;

    function options() {
      return list.querySelectorAll("[role=option]");
    }

    function close() {
      list.hidden = true;
      list.textContent = "";
      active = -1;
      input.setAttribute("aria-expanded", "false");
      input.removeAttribute("aria-activedescendant");
    }

    function highlight(index) {
      var items = options();
      if (!items.length) {
        return;
      }
      active = (index + items.length) % items.length;
      items.forEach(function (item, position) {
        item.setAttribute("aria-selected", position === active ? "true" : "false");
      });
      input.setAttribute("aria-activedescendant", items[active].id);
      items[active].scrollIntoView({ block: "nearest" });
    }

    function choose(item) {
      if (fill) {
        input.value = item.dataset.name;
        lastQuery = input.value.trim(); // the box now holds a chosen name: no new list
        close();
        input.dispatchEvent(new Event("input", { bubbles: true }));
        return;
      }
      window.location.assign(item.dataset.url);
    }

    function show(cards) {
      list.textContent = "";
      active = -1;
      input.removeAttribute("aria-activedescendant");
      cards.forEach(function (card, position) {
        var item = document.createElement("li");
        item.id = id + "-" + position;
        item.setAttribute("role", "option");
        item.setAttribute("aria-selected", "false");
        item.dataset.url = card.url;
        item.dataset.name = card.name;
        var name = document.createElement("span");
        name.className = "autocomplete-name";
        name.textContent = card.name;
        item.appendChild(name);
        if (card.matched) {
          var matched = document.createElement("span");
          matched.className = "autocomplete-matched";
          matched.textContent = card.matched;
          item.appendChild(matched);
        }
        var number = document.createElement("small");
        number.textContent = card.number;
        item.appendChild(number);
        // mousedown, not click: the input's blur would close the list first.
        item.addEventListener("mousedown", function (event) {
          event.preventDefault();
          choose(item);
        });
        list.appendChild(item);
      });
      list.hidden = cards.length === 0;
      input.setAttribute("aria-expanded", cards.length ? "true" : "false");
    }

    function fetchCards() {
      var query = input.value.trim();
      if (query.length < MIN_LENGTH || /[:=<>()"\/]/.test(query)) {
        lastQuery = null;
        close(); // a query with fields or groups is not a name
        return;
      }
      if (query === lastQuery) {
        return;
      }
      lastQuery = query;
      if (controller) {
        controller.abort();
      }
      controller = new AbortController();
      var params = new URLSearchParams({ q: query, lang: document.documentElement.lang || "en" });
      if (input.dataset.autocompleteGame) {
        params.set("game", input.dataset.autocompleteGame); // the builder: one game's cards
      }
      fetch(endpoint + "?" + params.toString(), {
        headers: { Accept: "application/json" },
        signal: controller.signal,
      })
        .then(function (response) {
          return response.ok ? response.json() : { cards: [] };
        })
        .then(function (body) {
          if (input.value.trim() === query) {
            show(body.cards || []);
          }
        })
        .catch(function () { /* aborted by newer typing, or offline: keep the box as is */ });
    }

    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(fetchCards, DELAY_MS);
    });
    input.addEventListener("keydown", function (event) {
      var open = !list.hidden;
      if (event.key === "ArrowDown" || event.key === "Down") {
        event.preventDefault();
        if (open) {
          highlight(active + 1);
        } else {
          lastQuery = null;
          fetchCards();
        }
      } else if ((event.key === "ArrowUp" || event.key === "Up") && open) {
        event.preventDefault();
        highlight(active - 1);
      } else if (event.key === "Enter" && open && active >= 0) {
        event.preventDefault();
        choose(options()[active]);
      } else if ((event.key === "Escape" || event.key === "Esc") && open) {
        event.preventDefault();
        close();
      }
    });
    input.addEventListener("blur", close);
  }

  document.querySelectorAll("input[data-autocomplete]").forEach(enhance);
})();
