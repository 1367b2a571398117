// The dashboard's one script, and all it does: a form's button is disabled once the form is sent, so a double click
// sends it once; a "copy" button copies the field it names. Every page works without it (the server acts once per
// form anyway, by the form's key; the field to copy can be selected by hand, and its button stays hidden).
document.addEventListener('submit', (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || form.method.toLowerCase() !== 'post') return;
  // After this turn: a button disabled before the submission would leave its form unsent in some browsers.
  setTimeout(() => {
    for (const button of form.querySelectorAll('button[type="submit"]')) button.disabled = true;
  }, 0);
});

for (const button of document.querySelectorAll('button[data-copy]')) {
  const field = document.getElementById(button.dataset.copy);
  if (!field || !navigator.clipboard) continue;
  button.hidden = false;
  button.addEventListener('click', async () => {
    await navigator.clipboard.writeText(field.value);
    button.textContent = button.dataset.copied;
  });
}
