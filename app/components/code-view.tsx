/**
 * Developer code view (PRODUCT-SPEC §2: meta+shift+k shows raw JSON instead of formatted panels and
 * exposes re-run icons). The preference is stored per user (`users.code_view`) by a POST to the
 * workspace layout route, so it survives reloads and works as a plain form without JavaScript.
 */
import { createContext, useCallback, useContext, useEffect } from "react";
import { useFetcher } from "react-router";

interface CodeViewApi {
  /** True while the developer code view is on. */
  codeView: boolean;
  /** Flips the preference (optimistic; persisted by a POST). */
  toggleCodeView(): void;
}

const CodeViewContext = createContext<CodeViewApi>({ codeView: false, toggleCodeView: () => {} });

/** Whether panels should render raw JSON and re-run icons: `const { codeView } = useCodeView()`. */
export function useCodeView(): CodeViewApi {
  return useContext(CodeViewContext);
}

/** Form field name/value the layout action understands. */
export const CODE_VIEW_INTENT = "toggle-code-view";

/**
 * Provides `useCodeView()` for the workspace and binds meta+shift+k (ctrl+shift+k off macOS).
 * `action` is the URL of the layout route that persists the flag (`/o/{orgId}`).
 */
export function CodeViewProvider({ initial, action, children }: { initial: boolean; action: string; children: React.ReactNode }) {
  const fetcher = useFetcher({ key: "code-view" });
  const pending = fetcher.formData?.get("code_view");
  const codeView = pending != null ? pending === "on" : initial;

  const toggleCodeView = useCallback(() => {
    void fetcher.submit({ intent: CODE_VIEW_INTENT, code_view: codeView ? "off" : "on" }, { method: "post", action });
  }, [fetcher, codeView, action]);

  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if ((e.metaKey || e.ctrlKey) && e.shiftKey && e.key.toLowerCase() === "k") {
        e.preventDefault();
        toggleCodeView();
      }
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [toggleCodeView]);

  return <CodeViewContext.Provider value={{ codeView, toggleCodeView }}>{children}</CodeViewContext.Provider>;
}

/** Raw JSON panel for code view. */
export function JsonView({ value, className = "" }: { value: unknown; className?: string }) {
  return (
    <pre className={`overflow-auto rounded-md bg-slate-950 p-4 font-mono text-xs leading-relaxed text-slate-100 ${className}`}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
