/*
 * The calculator's embed kit (docs/embed.md). A partner puts one tag on its page:
 *
 *   <script src="https://<calculator>/embed.js" data-partner="cap_live" async></script>
 *
 * and this script puts the calculator there in an iframe, in the partner's portal, keeps the frame as tall as the
 * calculator's content and brings the frame into view as each new page of the calculator begins (the calculator's
 * resize and scroll messages). Plain ES5 in one file, with no build step: it runs on the partner's page, whatever
 * that page is built with.
 */
/* global document, window */
(function () {
  'use strict';

  var script = document.currentScript;
  if (!script || !script.src) return;
  // The calculator is wherever this script came from: its messages must come from there and nowhere else.
  var calculatorOrigin = new URL(script.src).origin;
  var partner = (script.getAttribute('data-partner') || '').trim().toLowerCase();
  if (!/^[a-z0-9_]{1,40}$/.test(partner)) {
    console.error('embed.js: data-partner must be your partner id, such as cap_live.');
    return;
  }

  var address = new URL(script.getAttribute('data-start') === 'survey' ? '/survey' : '/', calculatorOrigin);
  address.searchParams.set('portal', 'true');
  address.searchParams.set('id', partner);
  ['ref', 'sub'].forEach(function (name) {
    var value = script.getAttribute('data-' + name);
    if (value) address.searchParams.set(name, value);
  });

  var target = script.getAttribute('data-target') && document.querySelector(script.getAttribute('data-target'));
  function place(element) {
    if (target) target.appendChild(element);
    else script.parentNode.insertBefore(element, script.nextSibling);
  }

  // On a page the partner has not registered, the browser would show a grey 'refused to connect' frame: say why
  // instead, on the page, for whoever put the tag there. If the question cannot be asked (an old browser, the page's
  // own connect-src), the frame is made as before.
  function refuse(message) {
    var box = document.createElement('div');
    box.setAttribute('data-benefits-calculator-refused', partner);
    box.setAttribute('role', 'status');
    box.style.border = '2px solid #b10e1e';
    box.style.padding = '16px';
    box.style.margin = '16px 0';
    box.style.fontFamily = 'sans-serif';
    box.style.color = '#0b0c0c';
    box.style.background = '#ffffff';
    var heading = document.createElement('strong');
    heading.textContent = 'The benefits calculator cannot be shown here';
    var text = document.createElement('p');
    text.textContent = message;
    box.appendChild(heading);
    box.appendChild(text);
    place(box);
    console.error('embed.js: ' + message);
  }

  if (typeof window.fetch === 'function') {
    var check = new URL('/api/embed/check', calculatorOrigin);
    check.searchParams.set('partner', partner);
    window
      .fetch(check.href, { credentials: 'omit' })
      .then(function (response) {
        return response.ok ? response.json() : { allowed: true };
      })
      .then(
        function (answer) {
          if (answer && answer.allowed === false && typeof answer.message === 'string') refuse(answer.message);
          else makeFrame();
        },
        function () {
          makeFrame();
        },
      );
  } else {
    makeFrame();
  }

  function makeFrame() {
    var frame = document.createElement('iframe');
    frame.src = address.href;
    frame.title = script.getAttribute('data-title') || 'Benefits calculator';
    // The calculator recognises the partner from the origin of the page that frames it (docs/security.md), so that
    // origin is always sent, whatever referrer policy the partner's page has; never the page's path or query.
    frame.referrerPolicy = 'origin';
    // The calculation reference can be copied from inside the frame; nothing else is allowed.
    frame.setAttribute('allow', 'clipboard-write');
    frame.setAttribute('data-benefits-calculator', partner);
    // Styled through the CSSOM, which a partner's Content-Security-Policy on style="" attributes does not restrict.
    frame.style.display = 'block';
    frame.style.width = '100%';
    frame.style.border = '0';
    frame.style.height = (parseInt(script.getAttribute('data-height') || '', 10) || 800) + 'px';

    place(frame);

    window.addEventListener('message', function (event) {
      // Only the calculator, in this very frame, may resize it or scroll the page.
      if (event.origin !== calculatorOrigin || event.source !== frame.contentWindow) return;
      var message = event.data;
      if (!message || typeof message !== 'object') return;
      if (message.name === 'resize' && typeof message.value === 'number' && message.value > 0 && message.value < 100000) {
        frame.style.height = Math.ceil(message.value) + 'px';
      } else if (message.name === 'scroll' && message.value === true) {
        // A new page of the calculator begins: show its top, unless the frame's top is already in view.
        var top = frame.getBoundingClientRect().top;
        if (top < 0 || top > window.innerHeight) frame.scrollIntoView({ block: 'start' });
      }
    });
  }
})();
