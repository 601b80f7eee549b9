/* global document, requestAnimationFrame */
// Starts a prerendered page's scripts once the page has painted (docs/decisions/018): the page
// is readable without them, so they wait, and the page, its font and its pictures get the
// network first. The entry and the chunks to preload come from this script's data attributes.
(function () {
  var script = document.currentScript;
  var entry = script.dataset.entry;
  var preloads = (script.dataset.preload || '').split(' ').filter(Boolean);
  // A few preloads per task: each request's start costs the main thread a little, and thirty
  // of them in one task made a long task on a slow phone (Lighthouse's total blocking time).
  var PRELOADS_PER_TASK = 2;
  // Tasks queued through a message channel: nested timeouts are held back 4 ms each after the
  // fifth, and the entry waits for the last preload.
  var queued = [];
  var channel = typeof MessageChannel !== 'undefined' ? new MessageChannel() : null;
  if (channel) {
    channel.port1.onmessage = function () {
      var task = queued.shift();
      if (task) task();
    };
  }
  function later(task) {
    if (!channel) return setTimeout(task, 0);
    queued.push(task);
    channel.port2.postMessage(0);
  }
  function preloadFrom(index, then) {
    preloads.slice(index, index + PRELOADS_PER_TASK).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    if (index + PRELOADS_PER_TASK < preloads.length) {
      later(function () {
        preloadFrom(index + PRELOADS_PER_TASK, then);
      });
    } else {
      then();
    }
  }
  // The entry starts once every chunk is listed as a preload: its first lazy screen then finds
  // them there, and Vite's loader does not add them a second time.
  function startEntry() {
    var module = document.createElement('script');
    module.type = 'module';
    module.crossOrigin = '';
    module.src = entry;
    document.head.appendChild(module);
  }
  function start() {
    preloadFrom(0, startEntry);
  }
  var started = false;
  function startOnce() {
    if (started) return;
    started = true;
    setTimeout(start, 0);
  }
  // Once the first contentful paint has happened; where paint timing is missing, two frames on.
  var paints =
    typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes;
  if (paints && paints.indexOf('paint') !== -1) {
    new PerformanceObserver(function (list, observer) {
      list.getEntries().forEach(function (entry) {
        if (entry.name !== 'first-contentful-paint') return;
        observer.disconnect();
        startOnce();
      });
    }).observe({ type: 'paint', buffered: true });
    // A page that never paints content (a blank screen) still gets its scripts.
    setTimeout(startOnce, 3000);
  } else {
    requestAnimationFrame(function () {
      requestAnimationFrame(startOnce);
    });
  }
})();
