// The public pages' only script. Everything works without it except the live status (a <noscript> says to reload);
// it shows the card fields only for a card, copies codes, prints the billet, and reloads an invoice page whose
// charge changed (server-sent events from /pay/{token}/events).
'use strict';

(function () {
  // Card fields: shown, and submitted, only when the card is the chosen method. A disabled fieldset sends nothing.
  var form = document.querySelector('form[data-checkout]');
  if (form) {
    var card = document.getElementById('card-fields');
    var radios = form.querySelectorAll('input[name="method"]');
    var sync = function () {
      if (!card) return;
      var checked = form.querySelector('input[name="method"]:checked');
      var on = checked !== null && checked.value === 'credit';
      card.hidden = !on;
      card.disabled = !on;
    };
    for (var i = 0; i < radios.length; i++) radios[i].addEventListener('change', sync);
    sync();
    form.addEventListener('submit', function () {
      var button = form.querySelector('button[type="submit"]');
      // A second click must not start a second payment while the first is on its way.
      setTimeout(function () { if (button) button.disabled = true; }, 0);
    });
    var alert = document.getElementById('form-alert');
    if (alert) alert.focus();
  }

  // Copy buttons: the PIX code and the digitable line.
  var copies = document.querySelectorAll('button[data-copy]');
  for (var j = 0; j < copies.length; j++) {
    (function (button) {
      var id = button.getAttribute('data-copy');
      var source = document.getElementById(id);
      var said = document.querySelector('[data-copied="' + id + '"]');
      if (!source) return;
      button.hidden = false;
      button.addEventListener('click', function () {
        var text = 'value' in source ? source.value : source.textContent;
        var done = function () {
          if (!said) return;
          said.hidden = false;
          said.textContent = 'Copiado!';
        };
        if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(text).then(done, function () { select(source); });
        } else {
          select(source);
        }
      });
    })(copies[j]);
  }
  function select(el) {
    if (el.select) el.select();
  }

  var print = document.querySelector('button.print');
  if (print) {
    print.hidden = false;
    print.addEventListener('click', function () { window.print(); });
  }

  // Live status: reload when the charge's state differs from the one this page was drawn with.
  var status = document.querySelector('[data-events]');
  if (status && 'EventSource' in window) {
    var shown = JSON.parse(status.getAttribute('data-state') || '{}');
    var events = new EventSource(status.getAttribute('data-events'));
    events.addEventListener('status', function (e) {
      var now = JSON.parse(e.data);
      if (now.status !== shown.status || now.issued !== shown.issued) {
        events.close();
        window.location.reload();
      }
    });
  }
})();
