// Job page: fill the progress bar as the workers finish chunks.
//
// The page is only loaded with this script while the job is unfinished. Every second it
// asks GET /api/jobs/{id}/ for the games played and moves the bar and the count; once
// the job is done, failed or cancelled it reloads the page, which the server then draws
// with the report (or the reason). Without JavaScript a meta refresh reloads the page.
(function () {
  "use strict";

  var page = document.querySelector("[data-job]");
  if (!page || !window.fetch) {
    return;
  }
  var url = page.getAttribute("data-api");
  var bar = page.querySelector("[data-job-progress]");
  var count = page.querySelector("[data-job-count]");
  var template = count ? count.getAttribute("data-template") : "";
  var state = page.querySelector("[data-job-state-text]");
  var POLL_MS = 1000;
  var RETRY_MS = 3000; // after a failed request: the site or the network may be busy
  var UNFINISHED = { queued: true, running: true };

  function show(progress) {
    if (bar) {
      bar.max = progress.total;
      bar.value = progress.done;
      bar.textContent = progress.percent + "%";
    }
    if (count && template) {
      count.textContent = template
        .replace("{done}", String(progress.done))
        .replace("{total}", String(progress.total))
        .replace("{percent}", String(progress.percent));
    }
  }

  function poll() {
    window
      .fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (response) {
        if (!response.ok) {
          throw new Error("HTTP " + response.status);
        }
        return response.json();
      })
      .then(function (job) {
        show(job.progress);
        page.setAttribute("data-state", job.state);
        if (job.state === "running" && state) {
          state.textContent = state.getAttribute("data-running");
        }
        if (UNFINISHED[job.state]) {
          window.setTimeout(poll, POLL_MS);
        } else {
          window.location.reload();
        }
      })
      .catch(function () {
        window.setTimeout(poll, RETRY_MS);
      });
  }

  window.setTimeout(poll, POLL_MS);
})();
