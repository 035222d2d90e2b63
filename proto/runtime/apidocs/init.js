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
    layout: "BaseLayout",
    onComplete: buildContents
  });
};

// buildContents fills the bar at the top of the page with links to the
// guide's sections and to each group of endpoints. The guide (the
// document's description) comes first and runs to thousands of pixels;
// the bar keeps the reference one click away. It sits outside the
// element Swagger UI renders into, so a re-render does not remove it.
function buildContents() {
  var nav = document.getElementById("contents");
  if (!nav || nav.dataset.built) {
    return;
  }
  var guide = [];
  document.querySelectorAll("#swagger-ui .info .description h2").forEach(function (h, i) {
    if (!h.id) {
      h.id = "guide-" + (i + 1);
    }
    guide.push({ id: h.id, text: h.textContent });
  });
  var reference = [];
  document.querySelectorAll("#swagger-ui .opblock-tag-section .opblock-tag").forEach(function (h) {
    if (h.id) {
      reference.push({ id: h.id, text: h.getAttribute("data-tag") || h.textContent });
    }
  });
  nav.appendChild(group("Guide", guide));
  nav.appendChild(group("Endpoints", reference));
  nav.dataset.built = "true";
}

function group(title, entries) {
  var p = document.createElement("p");
  var b = document.createElement("strong");
  b.textContent = title + ":";
  p.appendChild(b);
  entries.forEach(function (e) {
    var a = document.createElement("a");
    a.href = "#" + encodeURIComponent(e.id);
    a.textContent = e.text;
    a.addEventListener("click", function (ev) {
      var target = document.getElementById(e.id);
      if (target) {
        ev.preventDefault();
        target.scrollIntoView();
        history.replaceState(null, "", a.href);
      }
    });
    p.appendChild(a);
  });
  return p;
}
