const UK_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });
const MINUTE_MS = 60_000;

// The UK's offset from UTC is always whole hours (GMT or BST), so its date changes only on a UTC minute: the date
// formatted for one minute holds for the whole of it. Intl's formatting is the costly part of a survey request's
// dates, and the server asks for today several times a request.
let lastMinute = Number.NaN;
let lastDate = '';

/**
 * Today's date in the UK as ISO yyyy-mm-dd. Rules about ages and benefit years follow the UK calendar, whatever
 * the time zone of the server or the visitor's device.
 */
export function ukToday(now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / MINUTE_MS);
  if (minute !== lastMinute) {
    lastDate = UK_DATE.format(now);
    lastMinute = minute;
  }
  return lastDate;
}
