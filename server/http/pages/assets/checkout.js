// The public pages' only script. Everything works without it except the live status (a <noscript> says to reload);
// it shows the card fields only for a card, says the installments on the pay button, groups the card number and
// names its brand, copies codes, prints the billet, reloads an invoice page whose charge changed (server-sent events
// from /pay/{token}/events), and sends the payer back to the store (the link's successUrl) when they see the approval.
'use strict';

(function () {
  // Card fields: shown, and submitted, only when the chosen method takes a card (one of the fieldset's `data-methods`).
  // A disabled fieldset sends nothing.
  var form = document.querySelector('form[data-checkout]');
  if (form) {
    var card = document.getElementById('card-fields');
    var cardMethods = card ? (card.getAttribute('data-methods') || '').split(' ') : [];
    var takesCard = function (radio) { return radio !== null && cardMethods.indexOf(radio.value) >= 0; };
    var radios = form.querySelectorAll('input[name="method"]');
    var sync = function () {
      if (!card) return;
      var checked = form.querySelector('input[name="method"]:checked');
      var on = takesCard(checked);
      card.hidden = !on;
      card.disabled = !on;
    };
    // The button says the total (drawn by the server); a card in installments adds the chosen option's own words,
    // which the server wrote from the cents as the engine splits them: nothing is computed here.
    var detail = form.querySelector('.pay-detail');
    var parcels = document.getElementById('f-installments');
    var say = function () {
      if (!detail) return;
      var checked = form.querySelector('input[name="method"]:checked');
      var option = parcels && parcels.selectedIndex >= 0 ? parcels.options[parcels.selectedIndex] : null;
      var split = takesCard(checked) && option !== null && Number(option.value) > 1;
      detail.textContent = split ? 'em ' + option.textContent.replace(/\s+/g, ' ').trim() : '';
    };
    for (var i = 0; i < radios.length; i++) {
      radios[i].addEventListener('change', sync);
      radios[i].addEventListener('change', say);
    }
    if (parcels) parcels.addEventListener('change', say);
    sync();
    say();
    var number = document.getElementById('f-number');
    if (number && number.getAttribute('data-brands')) cardNumber(number, JSON.parse(number.getAttribute('data-brands')));
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

  // The card number: grouped as the payer types or pastes (4-4-4-4, Amex 4-6-5), the caret kept after the same digit,
  // and the brand named once the prefix settles it. `rules` is the server's own brand table (payments/card-brands.ts),
  // read in its order: the first rule holding the prefix is the brand, as there.
  function cardNumber(input, rules) {
    var badge = input.parentNode.querySelector('.card-brand');
    var last = input.value.replace(/\D/g, '');
    // The script counts digits itself; separators a paste brings must not be cut by the markup's limit.
    input.removeAttribute('maxlength');
    var brandOf = function (digits) {
      // A rule that could still hold the number once more digits come (a lone "4" may be an Elo) keeps it undecided.
      var maybe = [];
      for (var r = 0; r < rules.length; r++) {
        for (var k = 0; k < rules[r].ranges.length; k++) {
          var lo = rules[r].ranges[k][0];
          var hi = rules[r].ranges[k][1];
          var n = Math.min(digits.length, lo.length);
          var prefix = digits.slice(0, n);
          if (prefix < lo.slice(0, n) || prefix > hi.slice(0, n)) continue;
          if (maybe.indexOf(rules[r]) < 0) maybe.push(rules[r]);
          if (digits.length >= lo.length) return maybe.length === 1 ? rules[r] : null;
        }
      }
      return null;
    };
    var grouped = function (digits, groups) {
      var parts = [];
      for (var at = 0, g = 0; at < digits.length; g++) {
        var size = groups[Math.min(g, groups.length - 1)];
        parts.push(digits.slice(at, at + size));
        at += size;
      }
      return parts.join(' ');
    };
    var caretAfter = function (text, digitCount) {
      if (digitCount === 0) return 0;
      for (var i = 0, seen = 0; i < text.length; i++) {
        if (/\d/.test(text[i]) && ++seen === digitCount) return i + 1;
      }
      return text.length;
    };
    var show = function (rule) {
      if (!badge) return;
      badge.textContent = rule ? rule.name : '';
      badge.setAttribute('data-brand', rule ? rule.brand : '');
    };
    input.addEventListener('input', function (e) {
      var caret = input.selectionStart === null ? input.value.length : input.selectionStart;
      var before = input.value.slice(0, caret).replace(/\D/g, '').length;
      var digits = input.value.replace(/\D/g, '');
      // Deleting a group's space alone would change nothing: delete the digit on that side of it instead.
      if (digits === last && e.inputType === 'deleteContentBackward' && before > 0) {
        digits = digits.slice(0, before - 1) + digits.slice(before);
        before -= 1;
      } else if (digits === last && e.inputType === 'deleteContentForward') {
        digits = digits.slice(0, before) + digits.slice(before + 1);
      }
      var rule = brandOf(digits);
      digits = digits.slice(0, rule ? Math.max.apply(null, rule.lengths) : 19);
      var text = grouped(digits, rule ? rule.groups : [4]);
      input.value = text;
      if (document.activeElement === input) {
        var at = caretAfter(text, Math.min(before, digits.length));
        input.setSelectionRange(at, at);
      }
      last = digits;
      show(rule);
    });
    show(brandOf(last));
  }

  var print = document.querySelector('button.print');
  if (print) {
    print.hidden = false;
    print.addEventListener('click', function () { window.print(); });
  }

  // Back to the store (the link's successUrl) once, at the moment the payer sees the approval, as Stripe Checkout
  // does: this page drawn approved right after the payer's own form post (its redirect adds `#return`, JUST_PAID in
  // invoice-view.ts), or a waiting page whose live status turns approved. An approved page opened at any other time
  // stays on the receipt and its "Voltar para a loja" link. `replace`, so "back" at the store does not bounce here.
  var justPaid = window.location.hash === '#return';
  // Dropped at once: a reload, or this address kept, is not the moment of the payment any more.
  if (justPaid && window.history.replaceState) window.history.replaceState(null, '', window.location.pathname + window.location.search);
  var back = document.querySelector('a[data-return]');
  if (back && justPaid) {
    window.location.replace(back.href);
    return;
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
        var store = now.status === 'approved' ? status.getAttribute('data-return') : null;
        if (store) window.location.replace(store);
        else window.location.reload();
      }
    });
  }
})();
