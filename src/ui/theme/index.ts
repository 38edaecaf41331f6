export {
  themeIssues,
  themeVars,
  contrastOn,
  type ThemeMode,
  type ThemeOption,
  type ThemeTokens,
} from './tokens';
export { widgetCss, adoptWidgetStyles } from './stylesheet';
