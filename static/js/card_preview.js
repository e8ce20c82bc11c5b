// A larger picture of a card, on the builder's search results and deck list (issue 16).
//
// Any element with data-card-preview="<image url>" opens it: hovering it with a mouse or
// focusing it with the keyboard shows it while the pointer or focus stays; a click on the
// thumbnail (a.card-peek) or a tap on a card name keeps it open, with a link to the card's
// page, until Escape, the close button or a tap outside. A tap never adds a card: the add
// buttons are separate. Without JavaScript the thumbnail links to the picture and the name
// to the card's page. The popover is placed by CSS classes only (the CSP allows no inline
// style), beside the half of the screen the card is in, and centred on phones.
(function () {
  "use strict";

  var TRIGGER = "[data-card-preview]";
  var holder = document.querySelector("[data-card-preview-texts]");
  if (!holder) {
    return;
  }
  var texts = {
    open: holder.getAttribute("data-open-text"),
    close: holder.getAttribute("data-close-text")
  };

  var box = document.createElement("div");
  box.className = "card-preview";
  box.id = "card-preview";
  box.hidden = true;
  box.setAttribute("role", "dialog");
  var image = document.createElement("img");
  image.alt = "";
  var caption = document.createElement("p");
  caption.className = "card-preview-actions";
  var pageLink = document.createElement("a");
  pageLink.textContent = texts.open;
  var closeButton = document.createElement("button");
  closeButton.type = "button";
  closeButton.className = "secondary";
  closeButton.textContent = texts.close;
  caption.appendChild(pageLink);
  caption.appendChild(closeButton);
  box.appendChild(image);
  box.appendChild(caption);
  document.body.appendChild(box);

  var opener = null;
  var pinned = false;
  var lastPointer = "mouse";
  var restoringFocus = false;

  function nameOf(trigger) {
    var row = trigger.closest("[data-card]");
    var link = row && row.querySelector(".entry-name a");
    return (link || trigger).textContent.trim();
  }

  function pageOf(trigger) {
    return trigger.getAttribute("data-card-page") || trigger.getAttribute("href");
  }

  function show(trigger, keep) {
    var name = nameOf(trigger);
    opener = trigger;
    pinned = keep;
    image.src = trigger.getAttribute("data-card-preview");
    image.alt = name;
    box.setAttribute("aria-label", name);
    pageLink.href = pageOf(trigger);
    var rect = trigger.getBoundingClientRect();
    var onLeft = rect.left + rect.width / 2 < window.innerWidth / 2;
    box.classList.toggle("at-right", onLeft);
    box.classList.toggle("at-left", !onLeft);
    box.classList.toggle("pinned", keep);
    box.hidden = false;
    trigger.setAttribute("aria-expanded", "true");
    trigger.setAttribute("aria-controls", box.id);
    if (keep) {
      closeButton.focus();
    }
  }

  function hide(returnFocus) {
    if (box.hidden) {
      return;
    }
    box.hidden = true;
    image.removeAttribute("src");
    if (opener) {
      opener.setAttribute("aria-expanded", "false");
      if (returnFocus && document.contains(opener)) {
        restoringFocus = true; // focus back on the card name must not reopen the preview
        opener.focus({ preventScroll: true });
        restoringFocus = false;
      }
    }
    opener = null;
    pinned = false;
  }

  function triggerOf(event) {
    return event.target.closest ? event.target.closest(TRIGGER) : null;
  }

  document.addEventListener("pointerdown", function (event) {
    lastPointer = event.pointerType || "mouse";
    if (pinned && !box.contains(event.target) && !triggerOf(event)) {
      hide(false);
    }
  });

  document.addEventListener("mouseover", function (event) {
    var trigger = triggerOf(event);
    if (trigger && !pinned && lastPointer === "mouse") {
      show(trigger, false);
    }
  });

  document.addEventListener("mouseout", function (event) {
    var trigger = triggerOf(event);
    if (trigger && !pinned && !trigger.contains(event.relatedTarget)) {
      hide(false);
    }
  });

  document.addEventListener("focusin", function (event) {
    var trigger = triggerOf(event);
    if (trigger && !pinned && !restoringFocus) {
      show(trigger, false);
    }
  });

  document.addEventListener("focusout", function (event) {
    var trigger = triggerOf(event);
    if (trigger && !pinned && trigger === opener) {
      hide(false);
    }
  });

  document.addEventListener("click", function (event) {
    var trigger = triggerOf(event);
    if (!trigger) {
      return;
    }
    // The thumbnail always opens the preview; a name does on a touch screen, where there
    // is no hover (its page is one tap further, in the preview).
    if (trigger.classList.contains("card-peek") || lastPointer !== "mouse") {
      event.preventDefault();
      show(trigger, true);
    }
  });

  closeButton.addEventListener("click", function () {
    hide(true);
  });

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && !box.hidden) {
      hide(true);
    }
  });
})();
