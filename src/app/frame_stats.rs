//! Frame-rate measurement for the window (README, Performance): with the
//! environment variable `BOARDWRIGHT_FRAME_STATS` set, the window redraws
//! continuously and prints once a second to stderr how many frames it drew
//! and the CPU time eframe measured for them (the app's `ui` and the
//! tessellation, [`eframe::IntegrationInfo::cpu_usage`]). Off, it costs
//! nothing and changes nothing.

/// Frames and their CPU time over the current second.
#[derive(Debug, Default)]
pub struct FrameStats {
    enabled: bool,
    since: Option<f64>,
    frames: u32,
    cpu_sum: f32,
    cpu_max: f32,
}

/// The environment variable that turns the measurement on.
pub const FRAME_STATS_VAR: &str = "BOARDWRIGHT_FRAME_STATS";

impl FrameStats {
    /// On when [`FRAME_STATS_VAR`] is set.
    pub fn from_env() -> FrameStats {
        FrameStats {
            enabled: std::env::var_os(FRAME_STATS_VAR).is_some(),
            ..FrameStats::default()
        }
    }

    pub fn enabled(&self) -> bool {
        self.enabled
    }

    /// Count a frame drawn at `now` (seconds) whose previous frame took `cpu`
    /// seconds; returns the line for the second just completed.
    pub fn frame(&mut self, now: f64, cpu: Option<f32>) -> Option<String> {
        if !self.enabled {
            return None;
        }
        // Frames drawn after `since`, up to and including this one.
        let Some(since) = self.since else {
            self.since = Some(now);
            return None;
        };
        self.frames += 1;
        if let Some(c) = cpu {
            self.cpu_sum += c;
            self.cpu_max = self.cpu_max.max(c);
        }
        let elapsed = now - since;
        if elapsed < 1.0 {
            return None;
        }
        let line = format!(
            "frames/s {:.1}  frame CPU mean {:.2} ms  max {:.2} ms",
            self.frames as f64 / elapsed,
            self.cpu_sum * 1000.0 / self.frames as f32,
            self.cpu_max * 1000.0
        );
        *self = FrameStats {
            enabled: true,
            since: Some(now),
            ..FrameStats::default()
        };
        Some(line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_once_a_second_with_the_frame_rate() {
        let mut s = FrameStats {
            enabled: true,
            ..FrameStats::default()
        };
        let mut lines = Vec::new();
        for i in 0..=40 {
            lines.extend(s.frame(i as f64 / 40.0, Some(0.004)));
        }
        assert_eq!(lines.len(), 1);
        assert!(
            lines[0].starts_with("frames/s 40.0  frame CPU mean 4.00 ms  max 4.00 ms"),
            "{}",
            lines[0]
        );
        let mut off = FrameStats::default();
        assert!((0..100).all(|i| off.frame(i as f64, Some(0.1)).is_none()));
    }
}
