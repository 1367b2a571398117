/** Waits until `check` holds, polling every `everyMs`; throws naming `what` after `ms`. */
export async function until(what: string, check: () => boolean | Promise<boolean>, ms = 20_000, everyMs = 20): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
