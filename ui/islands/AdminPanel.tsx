import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { AdminAnalytics } from "../../modules/admin";
import { ActivityTab } from "../components/admin/ActivityTab";
import { EngagementTab } from "../components/admin/EngagementTab";
import { GeographyTab } from "../components/admin/GeographyTab";
import { GrowthTab } from "../components/admin/GrowthTab";
import { HealthTab } from "../components/admin/HealthTab";
import { CardGrid, fmt, ON_FOCUS, SUMMARY_GRID } from "../components/admin/parts";
import { UsersTab } from "../components/admin/UsersTab";
import { TextBackLink } from "../components/back-link";
import { TabList } from "../components/tabs";
import { ApiError, apiRequest } from "../api";
import { withQuery } from "../query-client";

/**
 * The admin panel (decision 021): six summary cards, five tabs and a Data Health tab, each tab in its own file
 * under ui/components/admin/. Data refreshes when the window regains focus; charts (uPlot) load lazily.
 */
const TABS = [
  { key: "engagement", label: "Engagement" },
  { key: "geography", label: "Geography" },
  { key: "growth", label: "Growth" },
  { key: "activity", label: "Activity" },
  { key: "users", label: "Users" },
  { key: "health", label: "Data Health" },
] as const;
type TabKey = (typeof TABS)[number]["key"];

function Header() {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <TextBackLink href="/" label="Back to App" />
      <h1 className="text-xl font-bold">Admin Panel</h1>
      <span className="rounded-full bg-primary px-3 py-1 text-sm font-semibold text-white">Admin Access</span>
    </div>
  );
}

function Skeletons() {
  return (
    <div className="flex min-h-screen flex-col gap-4" data-testid="admin-loading">
      <p role="status" className="sr-only">
        Loading analytics...
      </p>
      <div className={SUMMARY_GRID} aria-hidden="true">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="card flex flex-col gap-2 p-4" data-skeleton="">
            <span className="ls-skeleton h-3 w-1/2" />
            <span className="ls-skeleton h-6 w-1/3" />
          </div>
        ))}
      </div>
      <div className="card ls-skeleton h-48" aria-hidden="true" />
    </div>
  );
}

function AdminPanel() {
  const analytics = useQuery({
    queryKey: ["admin", "analytics"],
    queryFn: ({ signal }) => apiRequest<AdminAnalytics>("GET", "/api/admin/analytics", undefined, signal),
    ...ON_FOCUS,
  });
  const [tab, setTab] = useState<TabKey>("engagement");

  if (analytics.isPending) {
    return (
      <div className="flex flex-col gap-4">
        <Header />
        <Skeletons />
      </div>
    );
  }
  if (analytics.isError) {
    const denied = analytics.error instanceof ApiError && analytics.error.status === 403;
    return (
      <div className="flex flex-col gap-4">
        <Header />
        <div
          role="alert"
          className="card p-6 text-center font-semibold text-red-700 dark:text-red-300"
          data-testid="admin-error"
        >
          {denied ? analytics.error.message : `Failed to load analytics: ${analytics.error.message}`}
        </div>
      </div>
    );
  }
  const data = analytics.data;
  const o = data.overview;

  return (
    <div className="flex flex-col gap-4">
      <Header />
      <CardGrid
        className={SUMMARY_GRID}
        testId="admin-cards"
        stats={[
          { label: "Total Users", value: fmt(o.totalUsers), testId: "card-total-users" },
          { label: "Active Today", value: fmt(o.activeUsersToday), testId: "card-active-today" },
          { label: "Total Favorites", value: fmt(o.totalFavorites), testId: "card-total-favorites" },
          { label: "Total Activities", value: fmt(o.totalActivities), testId: "card-total-activities" },
          { label: "Growth Rate", value: `${data.userGrowth.growthRate}%`, testId: "card-growth-rate" },
          { label: "Retention", value: `${data.engagement.retentionRate}%`, testId: "card-retention" },
        ]}
      />
      <TabList
        label="Admin sections"
        idPrefix="admin-tab"
        panelId="admin-panel"
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
      />
      {/* At least a screen tall: the footer stays below the fold while the tab's data loads (it shifted: CLS 0.11). */}
      <div
        role="tabpanel"
        id="admin-panel"
        aria-labelledby={`admin-tab-${tab}`}
        tabIndex={0}
        className="flex min-h-screen flex-col gap-4 outline-none"
      >
        {tab === "engagement" && <EngagementTab data={data} />}
        {tab === "geography" && <GeographyTab data={data} />}
        {tab === "growth" && <GrowthTab data={data} />}
        {tab === "activity" && <ActivityTab data={data} />}
        {tab === "users" && <UsersTab />}
        {tab === "health" && <HealthTab />}
      </div>
    </div>
  );
}

export default withQuery(AdminPanel);
