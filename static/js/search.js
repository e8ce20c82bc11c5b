// Card search: show the query the filter form will build, and submit sort/language selects.
// The server builds the same query (cards.views.FilterForm.terms); this is only a preview.
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  document.querySelectorAll("select[data-autosubmit]").forEach(function (select) {
    select.addEventListener("change", function () {
      select.form.submit();
    });
  });

  // Same rule as cards.views.quote_value: bare when safe, else a "quoted phrase".
  function quote(value) {
    if (value && !/[\s"()\/\\]/.test(value) && "-!".indexOf(value[0]) === -1) {
      return value;
    }
    return '"' + value.replace(/\\/g, "\\\\").replace(/"/g, '\\"') + '"';
  }

  function builtTerms(form) {
    var costMin = form.elements.cost_min ? form.elements.cost_min.value.trim() : "";
    var costMax = form.elements.cost_max ? form.elements.cost_max.value.trim() : "";
    var terms = [];
    form.querySelectorAll("[data-term]").forEach(function (field) {
      if ((field.type === "checkbox" || field.type === "radio") && !field.checked) {
        return;
      }
      var value = field.value.trim();
      if (!value) {
        return;
      }
      if (field.name === "cost_min" && value === costMax) {
        terms.push("cost:" + value);
      } else if (field.name === "cost_max" && value === costMin) {
        return;
      } else if (field.name === "text") {
        terms.push(field.dataset.term + quote(value));
      } else {
        terms.push(field.dataset.term + value);
      }
    });
    return terms;
  }

  var form = document.querySelector("form[data-search-form]");
  var output = document.getElementById("built-query");
  if (!form || !output) {
    return;
  }
  function update() {
    var terms = builtTerms(form);
    var query = [form.elements.q.value.trim()].concat(terms).join(" ").trim();
    output.textContent = query;
    output.parentElement.hidden = terms.length === 0;
  }
  form.addEventListener("input", update);
  form.addEventListener("change", update);
  update();
})();
