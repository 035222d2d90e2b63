// Renders /openapi.yaml with the vendored Swagger UI. Kept in a file of
// its own so the page needs no inline script.
window.onload = function () {
  window.ui = SwaggerUIBundle({
    url: "/openapi.yaml",
    dom_id: "#swagger-ui",
    deepLinking: true,
    docExpansion: "list",
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout"
  });
};
