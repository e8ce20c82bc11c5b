// Sortable tables (table[data-sortable]): a heading's button sorts the rows by the cells'
// data-sort values, highest first, then lowest first; rows without a value stay last.
(function () {
  "use strict";
  function value(row, column) {
    const cell = row.children[column];
    const raw = cell ? cell.getAttribute("data-sort") : "";
    return raw === null || raw === "" ? null : Number(raw);
  }
  function sortBy(table, heading, column) {
    const body = table.tBodies[0];
    const descending = heading.getAttribute("aria-sort") !== "descending";
    table.querySelectorAll("th[aria-sort]").forEach((th) => th.removeAttribute("aria-sort"));
    heading.setAttribute("aria-sort", descending ? "descending" : "ascending");
    const rows = Array.from(body.rows);
    rows.sort((a, b) => {
      const x = value(a, column), y = value(b, column);
      if (x === null || y === null) return (x === null) - (y === null);
      return descending ? y - x : x - y;
    });
    rows.forEach((row) => body.appendChild(row));
  }
  document.querySelectorAll("table[data-sortable]").forEach((table) => {
    table.querySelectorAll("button[data-sort-column]").forEach((button) => {
      const column = Number(button.getAttribute("data-sort-column"));
      button.addEventListener("click", () => sortBy(table, button.closest("th"), column));
    });
  });
})();
