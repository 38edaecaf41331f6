export { formatAmount, formatPercent, type AmountFormat } from './amount';
export { formatDateTime, type DateTimeFormat } from './dateTime';
export { displayName } from './displayNames';
export { networkName } from './networks';
export { shortenMiddle } from './middle';
