/**
 * The embedded default when no card provider is configured (decision 0250): the booker pays by bank transfer to the
 * account in BANK_TRANSFER_DETAILS, quoting the booking's reference, and staff record the payment by hand.
 */

/** The reference a booker quotes on a transfer: the booking's code, which staff can search for. */
export function bankTransferReference(tempCode: string): string {
  return `HATCH-${tempCode}`;
}
