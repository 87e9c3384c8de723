// Study mode's timer, run in the browser: no request per second. The server sends how long the
// task has been open (elapsed_s, from its first display, so a reload keeps counting); the clock
// adds the time since that arrived, measured on this machine, so clock skew does not matter.
window.dash_clientside = Object.assign({}, window.dash_clientside, {
  study: {
    clock: function (progress) {
      if (!progress || progress.stage !== "task") { return null; }
      return {task: progress.task_id, limit_s: progress.time_limit_s, elapsed_s: progress.elapsed_s,
              received_ms: Date.now()};
    },
    tick: function (_n, clock) {
      // -> [timer text, timer class, skip disabled, time-up notice hidden]
      if (!clock) { return ["", "timer", true, true]; }
      var left = clock.limit_s - clock.elapsed_s - (Date.now() - clock.received_ms) / 1000;
      if (left <= 0) { return ["Time is up", "timer over", false, false]; }
      var whole = Math.ceil(left);
      var text = Math.floor(whole / 60) + ":" + String(whole % 60).padStart(2, "0") + " left";
      return [text, left <= 60 ? "timer low" : "timer", true, true];
    }
  }
});
