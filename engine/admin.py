"""Jobs in the admin: what runs, for whom, how far (read-only; cancel from the action)."""

from django.contrib import admin, messages

from engine.jobs import services
from engine.models import Job


@admin.register(Job)
class JobAdmin(admin.ModelAdmin):
    list_display = ("id", "kind", "game", "state", "games_done", "games_total", "owner", "created")
    list_filter = ("state", "kind", "game")
    list_select_related = ("owner",)
    search_fields = ("id", "owner__username")
    date_hierarchy = "created"
    actions = ["cancel_jobs"]
    exclude = ("plan",)
    readonly_fields = [
        field.name for field in Job._meta.get_fields() if field.concrete and field.name != "plan"
    ]

    def has_add_permission(self, request):
        return False  # jobs come from the site, the API and the CLI

    @admin.action(description="Cancel the selected unfinished jobs")
    def cancel_jobs(self, request, queryset):
        cancelled = sum(services.cancel(job) for job in queryset)
        self.message_user(request, f"{cancelled} job(s) cancelled.", messages.SUCCESS)
