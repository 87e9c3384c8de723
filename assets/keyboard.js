// Keyboard shortcuts: Ctrl/Cmd+Enter in the question runs it; Ctrl+Z / Ctrl+Shift+Z (or Ctrl+Y)
// undo and redo graph edits when no text field has focus. Shortcuts click the same buttons a mouse would.
(function () {
  function click(id) {
    var button = document.getElementById(id);
    if (button && !button.disabled) { button.click(); }
  }
  function typing(target) {
    var tag = (target && target.tagName) || "";
    return tag === "TEXTAREA" || tag === "INPUT" || (target && target.isContentEditable);
  }
  document.addEventListener("keydown", function (event) {
    var mod = event.ctrlKey || event.metaKey;
    if (!mod) { return; }
    if (event.key === "Enter" && event.target && event.target.id === "question") {
      event.preventDefault();
      click("ask-button");
      return;
    }
    if (typing(event.target)) { return; }
    var key = (event.key || "").toLowerCase();
    if (key === "z" && !event.shiftKey) { event.preventDefault(); click("undo-button"); }
    else if ((key === "z" && event.shiftKey) || key === "y") { event.preventDefault(); click("redo-button"); }
  });
})();
