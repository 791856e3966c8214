// The capture page: document type and country, front, back, selfie when the
// environment asks, then the result. A document's photo is cropped to the
// document and straightened before upload when its edges are found
// (capture-crop.js). Plain script, no build step. Every step
// is a <section> of the page; one is shown at a time and its heading takes
// the focus, so keyboard and screen-reader users follow along.
"use strict";
(() => {
  const config = JSON.parse(document.getElementById("capture-config").textContent);
  const token = location.pathname.split("/").filter(Boolean)[1];
  const base = `/capture/${token}`;
  const MAX_SIDE = 2400;             // what the reading engine works at
  const POLL_MS = 1500;
  let language = config.language;
  const chosen = { documentType: null, country: null, front: null, back: null, selfie: null };
  let stream = null;
  let polling = null;

  // ---- words ---------------------------------------------------------------
  const t = (key, values = {}) => {
    const text = (config.strings[language] || {})[key] || config.strings.en[key] || key;
    return text.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
  };

  function applyLanguage(next) {
    language = next;
    document.documentElement.lang = next;
    document.documentElement.dir = config.rightToLeft.includes(next) ? "rtl" : "ltr";
    document.querySelectorAll("[data-i18n]").forEach((node) => { node.textContent = t(node.dataset.i18n); });
    document.querySelectorAll("[data-i18n-label]").forEach((node) => node.setAttribute("aria-label", t(node.dataset.i18nLabel)));
    document.querySelectorAll("[data-i18n-alt]").forEach((node) => node.setAttribute("alt", t(node.dataset.i18nAlt)));
    document.querySelectorAll("[data-language]").forEach((button) => {
      button.setAttribute("aria-pressed", String(button.dataset.language === next));
    });
    document.querySelectorAll("[data-message]").forEach((node) => { node.textContent = messageText(node.dataset.message); });
    const select = document.getElementById("country");
    config.countries.forEach((country, index) => { select.options[index].textContent = country.names[next] || country.code; });
    document.title = t("title");
  }

  // A message kept as keys, so a language switch re-renders it.
  const messageText = (keys) => keys.split(" ").filter(Boolean).map((key) => t(key)).join(" ");
  function setMessage(node, keys) {
    node.dataset.message = keys.join(" ");
    node.textContent = messageText(node.dataset.message);
  }

  // ---- steps ---------------------------------------------------------------
  function show(step) {
    document.querySelectorAll("main > section").forEach((section) => { section.hidden = section.id !== `step-${step}`; });
    const heading = document.querySelector(`#step-${step} h1`);
    if (heading) heading.focus();
  }

  const isPassport = () => chosen.documentType === "passport";
  const reasonKey = (reason) => (config.strings.en[`reason_${reason}`] ? `reason_${reason}` : "reason_OTHER");

  function sequence() {
    const steps = ["front"];
    if (!isPassport()) steps.push("back");
    if (config.faceRequired) steps.push("selfie");
    return steps;
  }

  function nextAfter(side) {
    const steps = sequence();
    const index = steps.indexOf(side);
    if (index + 1 < steps.length) return openCapture(steps[index + 1]);
    return submit();
  }

  // ---- camera and files ----------------------------------------------------
  function stopCamera() {
    if (stream) stream.getTracks().forEach((track) => track.stop());
    stream = null;
  }

  function openCapture(side) {
    stopCamera();
    const section = document.getElementById(`step-${side}`);
    if (side === "front") {
      const title = section.querySelector("h1");
      title.dataset.i18n = isPassport() ? "front_title_passport" : "front_title";
      title.textContent = t(title.dataset.i18n);
    }
    resetCapture(section);
    show(side);
  }

  function resetCapture(section) {
    section.querySelector(".camera").hidden = true;
    section.querySelector(".preview").hidden = true;
    section.querySelector(".preview").removeAttribute("src");
    section.querySelector(".take-photo").hidden = true;
    section.querySelector(".start-camera").hidden = false;
    section.querySelector(".choose").hidden = false;
    section.querySelector(".review").hidden = true;
    section.querySelector(".file").value = "";
    setMessage(section.querySelector(".check"), []);
  }

  async function startCamera(section) {
    const check = section.querySelector(".check");
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
      setMessage(check, ["camera_unavailable"]);
      return;
    }
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: false,
        video: { facingMode: { ideal: section.dataset.facing }, width: { ideal: 1920 }, height: { ideal: 1080 } },
      });
    } catch (error) {
      setMessage(check, ["camera_unavailable"]);
      return;
    }
    const video = section.querySelector(".camera");
    video.srcObject = stream;
    video.hidden = false;
    await video.play().catch(() => {});
    section.querySelector(".start-camera").hidden = true;
    const take = section.querySelector(".take-photo");
    take.hidden = false;
    take.focus();
  }

  function takePhoto(section) {
    const video = section.querySelector(".camera");
    if (!video.videoWidth) return;
    const canvas = toCanvas(video, video.videoWidth, video.videoHeight);
    stopCamera();
    video.hidden = true;
    review(section, canvas);
  }

  function loadFile(section, file) {
    const check = section.querySelector(".check");
    if (!file || !["image/jpeg", "image/png"].includes(file.type)) {
      setMessage(check, ["photo_unreadable_file"]);
      return;
    }
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      stopCamera();
      section.querySelector(".camera").hidden = true;
      review(section, toCanvas(image, image.naturalWidth, image.naturalHeight));
    };
    image.onerror = () => { URL.revokeObjectURL(url); setMessage(check, ["photo_unreadable_file"]); };
    image.src = url;
  }

  function toCanvas(source, width, height) {
    const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    canvas.getContext("2d").drawImage(source, 0, 0, canvas.width, canvas.height);
    return canvas;
  }

  /** The document in a photo of it: found, outlined for the preview, and
   *  straightened for upload when the finding is sure; the photo as taken
   *  otherwise, for the server to find the document itself. */
  function cropped(canvas) {
    const found = window.VerityCaptureCrop.locate(canvas);
    if (!found) return { preview: canvas, upload: canvas, crop: "none" };
    const preview = window.VerityCaptureCrop.outlined(canvas, found);
    if (!found.sure) return { preview, upload: canvas, crop: "unsure" };
    return { preview, upload: window.VerityCaptureCrop.straighten(canvas, found.corners, MAX_SIDE), crop: "sure" };
  }

  /** Shows the photo with its check: a retake when it fails, the choice to use it when it passes. */
  function review(section, canvas) {
    const side = section.dataset.side;
    const check = section.querySelector(".check");
    setMessage(check, ["checking_photo"]);
    const preview = section.querySelector(".preview");
    const paper = side === "selfie" ? null : cropped(canvas);
    section.dataset.crop = paper ? paper.crop : "";
    preview.src = (paper ? paper.preview : canvas).toDataURL("image/jpeg", 0.85);
    preview.hidden = false;
    const dataURL = (paper ? paper.upload : canvas).toDataURL("image/jpeg", 0.92);
    const problems = window.VerityCaptureQuality.problems(canvas, canvas.width, canvas.height, side === "selfie" ? "face" : "document");
    section.querySelector(".choose").hidden = true;
    section.querySelector(".review").hidden = false;
    const use = section.querySelector(".use-photo");
    section.dataset.problems = problems.join(" ");
    if (problems.length > 0) {
      setMessage(check, problems.map(reasonKey));
      use.hidden = true;
      section.querySelector(".retake").focus();
    } else {
      setMessage(check, paper ? ["photo_ok", paper.crop === "sure" ? "crop_found" : "crop_unsure"] : ["photo_ok"]);
      use.hidden = false;
      chosen[side] = dataURL.slice(dataURL.indexOf(",") + 1);
      use.focus();
    }
  }

  // ---- sending and following -----------------------------------------------
  async function submit() {
    show("sending");
    const body = {
      documentType: chosen.documentType, country: chosen.country, imageBase64: chosen.front,
      backImageBase64: isPassport() ? null : chosen.back, faceImageBase64: config.faceRequired ? chosen.selfie : null,
    };
    let response;
    try {
      response = await fetch(`${base}/submit`, {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), credentials: "omit",
      });
    } catch (error) {
      return showResult({ status: "error" });
    }
    const answer = await response.json().catch(() => ({}));
    if (response.ok) return follow(answer);
    const code = answer.error && answer.error.code;
    if (code === "IMAGE_QUALITY_INSUFFICIENT") {
      // The server's own checks sent a picture back: retake the first one named.
      const first = answer.error.details[0];
      const side = { imageBase64: "front", backImageBase64: "back" }[first.field] || "front";
      openCapture(side);
      const section = document.getElementById(`step-${side}`);
      setMessage(section.querySelector(".check"),
        answer.error.details.filter((d) => d.field === first.field).map((d) => reasonKey(d.message)));
      return undefined;
    }
    if (code === "CAPTURE_LINK_UNUSABLE") return refreshStatus().then(showUnusable);
    return showResult({ status: "error", code: code || `HTTP ${response.status}` });
  }

  function follow(status) {
    clearTimeout(polling);
    if (status.status === "pending" && status.inReview) {
      // A person decides: that takes minutes or hours, so look again rarely.
      showResult({ status: "review" });
      polling = setTimeout(() => refreshStatus().then(follow), POLL_MS * 10);
      return;
    }
    if (status.status === "pending") {
      show("sending");
      polling = setTimeout(() => refreshStatus().then(follow), POLL_MS);
      return;
    }
    showResult(status);
  }

  async function refreshStatus() {
    try {
      const response = await fetch(`${base}/status`, { credentials: "omit" });
      if (!response.ok) return { status: "unusable" };
      return await response.json();
    } catch (error) {
      return { status: "pending" };
    }
  }

  function showUnusable(status) {
    const key = status.status === "captureRetryLimitExceeded" ? "unusable_limit"
      : ["captureLinkTimeout", "captureLinkExpired"].includes(status.status) ? "unusable_expired" : "unusable_unknown";
    setMessage(document.getElementById("unusable-reason"), [key]);
    show("unusable");
  }

  function showResult(status) {
    const title = document.getElementById("result-title");
    const help = document.getElementById("result-help");
    const reasons = document.getElementById("result-reasons");
    const attempts = document.getElementById("result-attempts");
    const again = document.getElementById("try-again");
    reasons.replaceChildren();
    setMessage(attempts, []);
    again.hidden = true;
    if (status.status === "succeeded") {
      title.dataset.i18n = "succeeded_title"; setMessage(help, ["succeeded_help"]);
    } else if (status.status === "review") {
      title.dataset.i18n = "review_title"; setMessage(help, ["review_help"]);
    } else if (status.status === "failed") {
      title.dataset.i18n = "failed_title"; setMessage(help, ["failed_help"]);
    } else if (status.status === "documentUnreadable") {
      title.dataset.i18n = "unreadable_title"; setMessage(help, []);
      [...new Set((status.reasons || []).map(reasonKey))].forEach((key) => {
        const item = document.createElement("li");
        setMessage(item, [key]);
        reasons.append(item);
      });
      if (status.submissionsLeft > 0) {
        attempts.dataset.message = "";
        attempts.textContent = t("attempts_left", { n: status.submissionsLeft });
        again.hidden = false;
      }
    } else if (["captureRetryLimitExceeded", "captureLinkTimeout", "captureLinkExpired", "unusable"].includes(status.status)) {
      return showUnusable(status);
    } else {
      title.dataset.i18n = "error_generic"; setMessage(help, []);
      again.hidden = false;
    }
    title.textContent = t(title.dataset.i18n);
    document.getElementById("step-result").dataset.outcome = status.status;
    // A code for support to look up; nothing about the user.
    document.getElementById("step-result").dataset.error = status.code || "";
    show("result");
    return undefined;
  }

  // ---- a desktop hands over to a phone ---------------------------------------
  function followPhone() {
    refreshStatus().then((status) => {
      if (document.getElementById("step-handoff").hidden) return;
      if (status.status === "pending" || ["succeeded", "failed", "documentUnreadable"].includes(status.status)) {
        return follow(status);
      }
      if (["captureRetryLimitExceeded", "captureLinkTimeout", "captureLinkExpired", "unusable"].includes(status.status)) {
        return showUnusable(status);
      }
      if (status.status === "captureLinkOpened") {
        setMessage(document.getElementById("handoff-progress"), ["phone_opened"]);
      }
      polling = setTimeout(followPhone, POLL_MS * 2);
      return undefined;
    });
  }

  // ---- wiring ----------------------------------------------------------------
  document.querySelectorAll("[data-language]").forEach((button) => {
    button.addEventListener("click", () => applyLanguage(button.dataset.language));
  });
  document.getElementById("continue-here").addEventListener("click", () => {
    clearTimeout(polling);
    show("document");
  });
  document.getElementById("document-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const form = event.target;
    chosen.documentType = form.elements.documentType.value || config.documentTypes[0];
    chosen.country = form.elements.country.value;
    openCapture("front");
  });
  document.querySelectorAll("section.capture").forEach((section) => {
    section.querySelector(".start-camera").addEventListener("click", () => startCamera(section));
    section.querySelector(".take-photo").addEventListener("click", () => takePhoto(section));
    section.querySelector(".file").addEventListener("change", (event) => loadFile(section, event.target.files[0]));
    section.querySelector(".retake").addEventListener("click", () => { resetCapture(section); section.querySelector("h1").focus(); });
    section.querySelector(".use-photo").addEventListener("click", () => nextAfter(section.dataset.side));
  });
  document.getElementById("try-again").addEventListener("click", () => { show("document"); });

  applyLanguage(language);
  if (config.status === "pending") {
    follow({ status: "pending" });
  } else if (["succeeded", "failed"].includes(config.status)) {
    refreshStatus().then(showResult);
  } else if (!window.matchMedia("(any-pointer: coarse)").matches && window.innerWidth >= 900) {
    // A computer (no touch screen, a wide window): offer the phone first.
    show("handoff");
    followPhone();
  } else {
    show("document");
  }
})();
