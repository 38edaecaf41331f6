export { formatAmount, formatPercent, type AmountFormat } from './amount';
export { formatDateTime, type DateTimeFormat } from './dateTime';
export { shortenMiddle } from './middle';
