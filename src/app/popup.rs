//! Popups inside modal dialogs.

use eframe::egui;

/// Keep the open popup of `combo` (a ComboBox in a modal) drawn right above the
/// modal. Without this, egui keeps the relative order of layers that both ask to
/// be on top in one frame — the modal (pressed on) and the new popup when the
/// press and release of a click arrive in the same frame — and with the layer
/// order remembered from an earlier opening (in this run, or the last run: egui
/// keeps it in its stored memory), the popup can open behind the modal, where a
/// click on an entry lands on the backdrop and closes the dialog.
pub fn keep_popup_above(ui: &egui::Ui, combo: &egui::Response) {
    if egui::ComboBox::is_open(ui.ctx(), combo.id) {
        let popup = egui::LayerId::new(egui::Order::Foreground, combo.id.with("popup"));
        ui.ctx().set_sublayer(ui.layer_id(), popup);
    }
}
