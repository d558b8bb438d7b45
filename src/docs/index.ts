export { contentSecurityPolicy, createDocsApp, loadSiteDir, type DocsAppOptions, type SiteFiles } from './docs-app.js';
