export {
  contentSecurityPolicy,
  createDocsApp,
  loadSiteDir,
  type DocsAppOptions,
  type GzippedFile,
  type SiteFiles,
} from './docs-app.js';
