const UK_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * Today's date in the UK as ISO yyyy-mm-dd. Rules about ages and benefit years follow the UK calendar, whatever
 * the time zone of the server or the visitor's device.
 */
export function ukToday(now: Date = new Date()): string {
  return UK_DATE.format(now);
}
