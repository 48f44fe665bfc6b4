// What Ensign adds to Swagger UI on the docs page: the initialiser (with a small plugin that
// fixes the markup axe objects to) and a stylesheet that themes the page like the dashboard,
// light or dark, with text that meets WCAG AA contrast.

/**
 * Two Swagger UI markup problems, fixed with its own plugin API (wrapComponents):
 * - an operation's summary is a button, and with deep linking its path is also a link inside
 *   it (a control in a control). Expanding an operation still updates the address (the deep-linking
 *   plugin follows `show`), so the path inside the summary is plain text; tag links stay.
 * - the title is an h1 and the tag groups h3: an h2 (for screen readers) introduces the endpoints.
 * - the title and description sit in no landmark: they become the page's banner (a header in
 *   Swagger UI's unnamed section is not one by itself, hence the explicit role).
 */
const PLUGIN = `function EnsignDocsPlugin() {
  return {
    wrapComponents: {
      DeepLink: (Original, system) => (props) =>
        props.enabled && String(props.path).includes("/")
          ? system.React.createElement("span", null, props.text)
          : system.React.createElement(Original, props),
      InfoContainer: (Original, system) => (props) =>
        system.React.createElement(
          "header",
          { role: "banner" },
          system.React.createElement(Original, props),
          system.React.createElement("h2", { className: "ensign-sr-only" }, "Endpoints"),
        ),
    },
  };
}`;

/**
 * Markup Swagger UI draws later, in its dialogs and panels, fixed as it appears (no component of
 * its plugin API owns it): the Authorize dialog's close button is an icon with no name, and its
 * Authorize / Logout buttons carry an aria-label ("Apply credentials") that leaves out the word
 * on the button, so speech users cannot say what they see (the label keeps both), and once
 * authorised its "Authorized" line is an h6 under an h4 (it becomes level 5).
 */
const MARKUP_FIXES = `function ensignFixMarkup(root) {
  root.querySelectorAll(".close-modal:not([aria-label])").forEach((el) => el.setAttribute("aria-label", "Close"));
  root.querySelectorAll(".auth-container h6:not([aria-level])").forEach((el) => el.setAttribute("aria-level", "5"));
  root.querySelectorAll("button[aria-label]").forEach((el) => {
    const text = el.textContent.trim();
    const label = el.getAttribute("aria-label");
    if (text && !label.toLowerCase().includes(text.toLowerCase())) {
      el.setAttribute("aria-label", text + " (" + label.toLowerCase() + ")");
    }
  });
}
new MutationObserver(() => ensignFixMarkup(document)).observe(document.body, { childList: true, subtree: true });`;

export const DOCS_INITIALISER = `${PLUGIN}
${MARKUP_FIXES}
window.ui = SwaggerUIBundle({
  url: "/api/v1/swagger.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  persistAuthorization: true,
  displayOperationId: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  plugins: [SwaggerUIBundle.plugins.DownloadUrl, EnsignDocsPlugin],
  layout: "BaseLayout",
  // The Authorize dialog takes the token alone as well as "Token <key>".
  requestInterceptor: (request) => {
    const value = request.headers.Authorization;
    if (value && /^[0-9a-f]{40}$/i.test(value)) request.headers.Authorization = "Token " + value;
    return request;
  },
});
`;

/** Method colours dark enough for white text (AA), the same in both themes. */
const METHODS = {
  get: "#1d4ed8",
  post: "#15803d",
  put: "#b45309",
  patch: "#0f766e",
  delete: "#b91c1c",
  head: "#7e22ce",
  options: "#4338ca",
};

const methodRules = Object.entries(METHODS)
  .map(
    ([method, colour]) =>
      `.swagger-ui .opblock.opblock-${method} .opblock-summary-method{background:${colour}}`,
  )
  .join("\n");

/**
 * Light values first, then `html.dark-mode` (the class Swagger UI's own dark styles key off;
 * the theme script sets it with the dashboard's choice). Colours are the dashboard's zinc and
 * indigo scales.
 */
export const DOCS_CSS = `
.ensign-sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
body{margin:0;background:#fff}
.ensign-docs-bar{font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:14px;color:#18181b;background:#fff;border-bottom:1px solid #e4e4e7}
.ensign-docs-bar > div{max-width:1460px;margin:0 auto;padding:10px 20px;display:flex;flex-wrap:wrap;align-items:center;gap:6px 20px}
.ensign-docs-bar a{color:#4338ca;text-underline-offset:2px}
.ensign-docs-bar .ensign-docs-home{font-weight:600;color:#18181b;text-decoration:none}
.ensign-docs-bar .ensign-docs-home:hover{text-decoration:underline}
.swagger-ui :focus-visible{outline:2px solid #6366f1;outline-offset:2px}
${methodRules}
.swagger-ui .info .title small{background:#52525b}
.swagger-ui .info .title small.version-stamp{background:#3f6212}
.swagger-ui .info .title small pre{color:#fff}
.swagger-ui .info a,.swagger-ui .info .url,.swagger-ui .info .link,.swagger-ui .markdown a,.swagger-ui .renderedMarkdown a{color:#1d4ed8}
.swagger-ui .btn.authorize{color:#15803d;border-color:#15803d}
.swagger-ui .btn.authorize svg{fill:#15803d}
.swagger-ui .authorization__btn svg{fill:#3f3f46}
.swagger-ui .btn.cancel{color:#b91c1c;border-color:#b91c1c}
.swagger-ui .btn.execute{background-color:#1d4ed8;border-color:#1d4ed8}
.swagger-ui .download-contents{background:#52525b}
.swagger-ui .parameter__in,.swagger-ui .parameter__deprecated,.swagger-ui .prop-format{color:#52525b}
.swagger-ui .parameter__name.required span{color:#b91c1c}
.swagger-ui .parameter__name.required:after{color:#b91c1c}
.swagger-ui .json-schema-2020-12-expand-deep-button{color:#3f3f46}
.swagger-ui .json-schema-2020-12-keyword__name--secondary,.swagger-ui .json-schema-2020-12__attribute{color:#52525b}
.swagger-ui .response-col_links{color:#52525b}
.swagger-ui .opblock-summary-operation-id,.swagger-ui .opblock-summary-path,.swagger-ui .opblock-summary-description{color:#18181b}
.swagger-ui .model-title,.swagger-ui .model{color:#27272a}
.swagger-ui .prop-type{color:#5b21b6}
.swagger-ui .model .property.primitive{color:#52525b}
.swagger-ui .tab li{color:#27272a}
.swagger-ui .microlight span[style*="rgb(211, 99, 99)"],.swagger-ui .microlight span[style*="#d36363"]{color:#f08d8d!important}
.swagger-ui .microlight span[style*="rgb(136, 136, 136)"],.swagger-ui .microlight span[style*="#888"]{color:#b4b4b4!important}
html.dark-mode body{background:#09090b}
html.dark-mode .ensign-docs-bar{color:#f4f4f5;background:#09090b;border-color:#27272a}
html.dark-mode .ensign-docs-bar a{color:#a5b4fc}
html.dark-mode .ensign-docs-bar .ensign-docs-home{color:#f4f4f5}
html.dark-mode .swagger-ui{background:#09090b;color:#e4e4e7}
html.dark-mode .swagger-ui .scheme-container{background:#09090b}
html.dark-mode .swagger-ui .info a,html.dark-mode .swagger-ui .info .url,html.dark-mode .swagger-ui .info .link,html.dark-mode .swagger-ui .markdown a,html.dark-mode .swagger-ui .renderedMarkdown a{color:#93c5fd}
html.dark-mode .swagger-ui .btn.authorize{color:#4ade80;border-color:#4ade80}
html.dark-mode .swagger-ui .btn.authorize svg{fill:#4ade80}
html.dark-mode .swagger-ui .authorization__btn svg{fill:#d4d4d8}
html.dark-mode .swagger-ui .btn.cancel{color:#fca5a5;border-color:#fca5a5}
html.dark-mode .swagger-ui .parameter__in,html.dark-mode .swagger-ui .parameter__deprecated,html.dark-mode .swagger-ui .prop-format{color:#a1a1aa}
html.dark-mode .swagger-ui .parameter__name.required span,html.dark-mode .swagger-ui .parameter__name.required:after{color:#fca5a5}
html.dark-mode .swagger-ui .json-schema-2020-12-expand-deep-button{color:#d4d4d8}
html.dark-mode .swagger-ui .json-schema-2020-12-keyword__name--secondary,html.dark-mode .swagger-ui .json-schema-2020-12__attribute{color:#a1a1aa}
html.dark-mode .swagger-ui .response-col_links{color:#a1a1aa}
html.dark-mode .swagger-ui .opblock-summary-operation-id,html.dark-mode .swagger-ui .opblock-summary-path,html.dark-mode .swagger-ui .opblock-summary-description{color:#f4f4f5}
html.dark-mode .swagger-ui .model-title,html.dark-mode .swagger-ui .model{color:#e4e4e7}
html.dark-mode .swagger-ui .prop-type{color:#c4b5fd}
html.dark-mode .swagger-ui .model .property.primitive{color:#a1a1aa}
html.dark-mode .swagger-ui .tab li{color:#e4e4e7}
html.dark-mode .swagger-ui .opblock .opblock-section-header h4,html.dark-mode .swagger-ui .opblock .opblock-section-header label,html.dark-mode .swagger-ui .opblock .opblock-section-header .btn,html.dark-mode .swagger-ui .opblock .opblock-section-header .required{color:#fff}
`;
