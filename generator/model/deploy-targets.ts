// The deployment targets content may name (`deployTargets` in content/discovery-resources.yaml): the platforms whose
// documented limits the build measures its output against, and the plans whose limits differ.
export const DEPLOY_PLATFORMS = ['netlify', 'cloudflare-pages', 'nginx'] as const;
export type DeployPlatform = (typeof DEPLOY_PLATFORMS)[number];

export const DEPLOY_PLANS = ['free', 'paid'] as const;
export type DeployPlan = (typeof DEPLOY_PLANS)[number];
