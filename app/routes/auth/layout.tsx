import { Outlet } from "react-router";

/** Frame of the signed-out pages (/login, /continue, /register, /terms, /privacy). */
export default function AuthLayout() {
  return (
    <div className="flex min-h-full items-center justify-center bg-slate-50 px-4 py-12">
      <Outlet />
    </div>
  );
}
