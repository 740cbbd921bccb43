// Search-as-you-type for the fragment table. Without JavaScript the form submits instead.
(function () {
  "use strict";
  var box = document.getElementById("q");
  var shown = document.getElementById("shown");
  if (!box) { return; }
  function apply() {
    var words = box.value.toLowerCase().split(/\s+/).filter(Boolean);
    var total = 0;
    document.querySelectorAll("details.category").forEach(function (group) {
      var visible = 0;
      group.querySelectorAll("tbody tr").forEach(function (row) {
        var text = row.getAttribute("data-search") || "";
        var ok = words.every(function (w) { return text.indexOf(w) !== -1; });
        row.hidden = !ok;
        if (ok) { visible += 1; }
      });
      group.hidden = visible === 0;
      var count = group.querySelector(".count");
      if (count) { count.textContent = String(visible); }
      total += visible;
    });
    if (shown) { shown.textContent = String(total); }
  }
  box.addEventListener("input", apply);
})();
