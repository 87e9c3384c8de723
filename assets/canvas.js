// The canvas and the keyboard: Delete or Backspace removes the selected node or link (by clicking the
// inspector's own remove button, as the inspector follows the selection), and picking an item in the
// inspector selects it on the canvas.
(function () {
  var CANVAS = "graph-canvas";

  function canvas() {
    var container = document.getElementById(CANVAS);
    return container && container._cyreg ? container._cyreg.cy : null;
  }

  function editing(target) {
    // Backspace in a text box, a dropdown or anything editable edits that, never the graph.
    if (!target || target === document.body) { return false; }
    var tag = target.tagName || "";
    return tag === "TEXTAREA" || tag === "INPUT" || tag === "SELECT" || target.isContentEditable ||
      !!(target.closest && target.closest(".dash-dropdown, [role=combobox], [role=listbox]"));
  }

  function visibleButton(panelId, buttonId) {
    var panel = document.getElementById(panelId);
    var button = document.getElementById(buttonId);
    return panel && !panel.hidden && button && !button.disabled ? button : null;
  }

  document.addEventListener("keydown", function (event) {
    if (event.key !== "Delete" && event.key !== "Backspace") { return; }
    if (event.ctrlKey || event.metaKey || event.altKey || editing(event.target)) { return; }
    // The inspector keeps showing the last item after a click on the empty canvas; only a selection deletes.
    var cy = canvas();
    if (!cy || cy.$(":selected").empty()) { return; }
    var button = visibleButton("edge-panel", "edge-remove") || visibleButton("node-panel", "node-remove");
    if (button) {
      event.preventDefault();
      button.click();
    }
  });

  window.dash_clientside = Object.assign({}, window.dash_clientside);
  window.dash_clientside.protograph = Object.assign({}, window.dash_clientside.protograph, {
    // Select the inspected node or edge, unless it is selected already (two selected nodes fill the
    // link pickers; re-selecting one of them must not drop the other).
    selectInspected: function (value) {
      var cy = canvas();
      if (!cy || !value || value.indexOf(":") < 0) { return window.dash_clientside.no_update; }
      var element = cy.getElementById(value.slice(value.indexOf(":") + 1));
      if (element.empty() || element.selected()) { return window.dash_clientside.no_update; }
      cy.elements(":selected").unselect();
      element.select();
      return value;
    }
  });
})();
